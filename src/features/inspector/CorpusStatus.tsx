import type { UseQueryResult } from '@tanstack/react-query';
import type { DatasetSummary } from '../../engine/engine-api.ts';

/** How the indexes of a loaded corpus came to be, in words that are true for each path. */
function indexedHow(d: DatasetSummary): string {
  const ms = Math.round(d.indexMs);
  if (d.indexSource === 'storage')
    return d.notice ? `opened from storage in ${ms} ms, with a rebuild` : `opened from storage in ${ms} ms`;
  if (d.indexSource === 'memory') return 'indexes already loaded';
  return `BM25 indexed in ${ms} ms`;
}

type Props = {
  dataset: UseQueryResult<DatasetSummary>;
  /** A library corpus: it opens from storage rather than being indexed. */
  stored: boolean;
};

/** One line saying whether the corpus can be queried yet, and what went wrong if not. */
export function CorpusStatus({ dataset, stored }: Props) {
  let text: string;
  let tone: 'busy' | 'ok' | 'error';
  let notice: string | undefined;
  if (dataset.isPending) {
    text = stored ? 'Corpus: opening from storage…' : 'Corpus: indexing…';
    tone = 'busy';
  } else if (dataset.isError) {
    text = `The corpus failed to load: ${dataset.error.message}. Reload the page, or pick another corpus in the Library.`;
    tone = 'error';
  } else {
    const d = dataset.data;
    text = `${d.name}: ready — ${d.passageCount} passages, ${d.questions.length} questions, ${indexedHow(d)}`;
    tone = 'ok';
    notice = d.notice;
  }
  return (
    <p className={`status status-${tone}`} data-testid="corpus-status" role="status" aria-live="polite">
      {text}
      {notice && (
        <span className="status-notice" data-testid="corpus-notice">
          {` (${notice})`}
        </span>
      )}
    </p>
  );
}
