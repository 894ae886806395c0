import { Fragment } from 'react';
import { BACKBONE_SHORT, STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { STRATEGIES } from '../../core/strategies/index.ts';
import { RUN_BACKBONES } from '../../engine/engine-api.ts';
import { useAppStore } from '../../state/use-app-store.ts';

/** The batch setup's grid of strategy-on-backbone checkboxes (one row per backbone, one column per strategy). */
export function StrategyGrid({ disabled }: { disabled: boolean }) {
  const configs = useAppStore((s) => s.batchConfigs);
  const toggle = useAppStore((s) => s.toggleBatchConfig);
  return (
    <fieldset className="field batch-strategies" data-testid="batch-strategies">
      <legend>Strategies (LLM from Settings, or the offline thinker)</legend>
      <div
        className="batch-grid"
        role="group"
        aria-label="Strategy on backbone"
        style={{ gridTemplateColumns: `auto repeat(${STRATEGIES.length}, auto)` }}
      >
        <span />
        {STRATEGIES.map((strategy) => (
          <span key={strategy} className="muted">
            {STRATEGY_SHORT[strategy]}
          </span>
        ))}
        {RUN_BACKBONES.map((backbone) => (
          <Fragment key={backbone}>
            <span className="batch-grid-row">{BACKBONE_SHORT[backbone]}</span>
            {STRATEGIES.map((strategy) => {
              const key = `${strategy}/${backbone}`;
              return (
                <input
                  key={key}
                  type="checkbox"
                  aria-label={`${STRATEGY_SHORT[strategy]} on ${BACKBONE_SHORT[backbone]}`}
                  checked={configs.includes(key)}
                  disabled={disabled}
                  onChange={() => toggle(key)}
                  data-testid={`batch-config-${key}`}
                />
              );
            })}
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}
