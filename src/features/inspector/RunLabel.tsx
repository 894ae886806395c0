import type { Trace } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';

/** One line naming the run on screen: strategy, backbone, corpus and question, with its status badges. */
export function RunLabel({ trace }: { trace: Trace }) {
  const replayed = useAppStore((s) => s.runPassages !== null);
  return (
    <p className="run-label" data-testid="run-label">
      {trace.strategy} on {trace.retriever} · {trace.corpus.name} · {trace.question.id}
      {trace.status !== 'done' && (
        <span className={`badge badge-${trace.status === 'failed' ? 'failed' : 'aborted'}`} data-testid="run-status">
          {trace.status}
        </span>
      )}
      {trace.llm.includes('offline thinker') && <span className="badge badge-offline">offline thinker (no LLM)</span>}
      {replayed && <span className="badge badge-offline">replayed from a run file</span>}
      {typeof trace.options?.built === 'string' && (
        <span
          className="muted"
          data-testid="backbone-built"
          title="How this run's RAPTOR tree or GraphRAG communities came to be"
        >
          {' '}
          · {trace.retriever}: {trace.options.built}
        </span>
      )}
    </p>
  );
}
