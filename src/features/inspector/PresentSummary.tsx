import { BACKBONE_SHORT, STRATEGY_SHORT, usesLlm } from '../../app/strategy-labels.ts';
import { useRunLlm } from '../../app/use-run-llm.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import type { RunBackbone, RunStrategy } from '../../engine/engine-api.ts';

/**
 * Present mode folds the question form, the corpus line and the toolbar to this one line: the question,
 * backbone, strategy and LLM of the run on screen (else of the form). A click opens the form again.
 */
export function PresentSummary({ onOpen }: { onOpen(): void }) {
  const trace = useAppStore((s) => s.trace);
  const question = useAppStore((s) => s.runQuestion);
  const text = useAppStore((s) => s.questionText);
  const formBackbone = useAppStore((s) => s.backbone);
  const formStrategy = useAppStore((s) => s.strategy);
  const formLlm = useRunLlm();
  const backbone = (trace?.retriever ?? formBackbone) as RunBackbone;
  const strategy = (trace?.strategy ?? formStrategy) as RunStrategy;
  const llm = trace ? trace.llm : usesLlm(strategy) ? (formLlm ?? '') : 'no LLM';
  const parts = [
    question?.question ?? (text || 'no question yet'),
    BACKBONE_SHORT[backbone] ?? backbone,
    STRATEGY_SHORT[strategy] ?? strategy,
    llm.replace(/ — .*/, ''),
  ].filter((p) => p !== '');
  return (
    <button
      type="button"
      className="present-summary"
      data-testid="present-summary"
      aria-expanded="false"
      onClick={onOpen}
      title="Open the question form (question, backbone, strategy, LLM) and the run tools"
    >
      <span className="present-summary-open" aria-hidden="true">
        ▸
      </span>{' '}
      {parts.map((p, i) => (
        <span key={i} className={i === 0 ? 'present-summary-question' : 'present-summary-part'}>
          {/* No-break spaces: a flex item drops the plain spaces at its edges. */}
          {i > 0 && <span className="muted">{'\u00a0·\u00a0'}</span>}
          {p}
        </span>
      ))}
    </button>
  );
}
