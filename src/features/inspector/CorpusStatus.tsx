import type { UseQueryResult } from '@tanstack/react-query';
import type { DatasetSummary } from '../../engine/engine-api.ts';

/** The ready line: the corpus's size and how its indexes came to be, in words that are true for each path. */
function readyText(d: DatasetSummary): string {
  const ms = Math.round(d.indexMs);
  const how =
    d.indexSource === 'storage'
      ? `opened from storage in ${ms} ms${d.notice ? ', with a rebuild' : ''}`
      : d.indexSource === 'memory'
        ? 'indexes already loaded'
        : `BM25 indexed in ${ms} ms`;
  return `${d.name}: ready — ${d.passageCount} passages, ${d.questions.length} questions, ${how}`;
}

type Props = {
  dataset: UseQueryResult<DatasetSummary>;
  /** A library corpus: it opens from storage rather than being indexed. */
  stored: boolean;
};

/** One line saying whether the corpus can be queried yet, and what went wrong if not. */
export function CorpusStatus({ dataset, stored }: Props) {
  const tone = dataset.isPending ? 'busy' : dataset.isError ? 'error' : 'ok';
  const text = dataset.isPending
    ? stored
      ? 'Corpus: opening from storage…'
      : 'Corpus: indexing…'
    : dataset.isError
      ? `The corpus failed to load: ${dataset.error.message}. Reload the page, or pick another corpus in the Library.`
      : readyText(dataset.data);
  const notice = dataset.isSuccess ? dataset.data.notice : undefined;
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
