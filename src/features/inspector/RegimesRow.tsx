import type { Passage, Question } from '../../core/types.ts';
import { RegimeColumn } from './RegimeColumn.tsx';
import { REGIME_ORDER, type RegimeModel, type RegimeRuns } from './use-regime-runs.ts';

/** One model's row: the three regimes side by side. */
export function RegimesRow({
  model,
  traces,
  question,
  passages,
  busy,
}: {
  model: RegimeModel;
  traces: RegimeRuns;
  question: Question | null;
  passages: Map<string, Passage> | undefined;
  busy: boolean;
}) {
  return (
    <div
      className="regimes-grid"
      data-testid="regimes"
      data-model={model}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: '0.75rem',
        marginTop: '0.5rem',
      }}
    >
      {REGIME_ORDER.map((regime) => (
        <RegimeColumn
          key={regime}
          regime={regime}
          model={model}
          trace={traces[model]?.[regime]}
          noContext={regime !== 'no-context' ? traces[model]?.['no-context'] : undefined}
          question={question}
          passages={passages}
          busy={busy}
        />
      ))}
    </div>
  );
}
