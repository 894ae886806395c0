import { RegimeColumn, type ColumnProps } from './RegimeColumn.tsx';
import { REGIME_ORDER, type RegimeRuns } from './use-regime-runs.ts';

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '0.75rem', marginTop: '0.5rem' };

type Props = Pick<ColumnProps, 'model' | 'question' | 'passages' | 'busy'> & { traces: RegimeRuns };

/** One model's row: the three regimes side by side. */
export function RegimesRow({ model, traces, question, passages, busy }: Props) {
  return (
    <div className="regimes-grid" data-testid="regimes" data-model={model} style={GRID}>
      {REGIME_ORDER.map((regime) => (
        <RegimeColumn
          key={regime}
          trace={traces[model]?.[regime]}
          noContext={regime !== 'no-context' ? traces[model]?.['no-context'] : undefined}
          {...{ regime, model, question, passages, busy }}
        />
      ))}
    </div>
  );
}
