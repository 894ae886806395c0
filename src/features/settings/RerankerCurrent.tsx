// Which reranker DualRAG uses now: the lexical one, a stored cross-encoder folder, or a hub cross-encoder.
import type { RerankerSettings } from '../../core/rerank/settings.ts';
import { mb } from './use-model-choice.ts';

export function RerankerCurrent({ value }: { value: RerankerSettings }) {
  return (
    <p data-testid="rerank-current">
      {value.source === 'lexical' && (
        <>
          DualRAG uses the <strong>lexical reranker (heuristic)</strong>.
        </>
      )}
      {value.source === 'local' && (
        <>
          DualRAG uses the cross-encoder folder <strong>{value.name}</strong> ({value.dtype}, {mb(value.sizeBytes)};
          sha-256 <code>{value.fingerprint.slice(0, 12)}</code>) stored in this browser.
        </>
      )}
      {value.source === 'hub' && (
        <>
          DualRAG uses the hub cross-encoder <strong>{value.id}</strong> ({value.dtype}), downloaded on first use and
          cached by the browser.
        </>
      )}
    </p>
  );
}
