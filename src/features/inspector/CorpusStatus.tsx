import type { UseQueryResult } from '@tanstack/react-query';
import type { DatasetSummary } from '../../../workers/engine-api.ts';

/** One line saying whether the corpus can be queried yet, and what went wrong if not. */
export function CorpusStatus({ dataset }: { dataset: UseQueryResult<DatasetSummary> }) {
  let text: string;
  let tone: 'busy' | 'ok' | 'error';
  if (dataset.isPending) {
    text = 'Corpus: indexing…';
    tone = 'busy';
  } else if (dataset.isError) {
    text = `The corpus failed to load: ${dataset.error.message}. Reload the page, or pick another corpus in the Library.`;
    tone = 'error';
  } else {
    const d = dataset.data;
    text = `${d.name}: ready — ${d.passageCount} passages, ${d.questions.length} questions, BM25 indexed in ${Math.round(d.indexMs)} ms`;
    tone = 'ok';
  }
  return (
    <p className={`status status-${tone}`} data-testid="corpus-status" role="status" aria-live="polite">
      {text}
    </p>
  );
}
