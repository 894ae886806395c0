// Counterfactual attribution in the browser batch, as the CLI's --counterfactual: the choice in the
// batch setup, each strategy's summary (core's summarizeCounterfactuals) and each run's cell in the
// results table. Oracle specs read the gold: labelled so, and never part of the strategy comparison.
import { useStore } from 'zustand';
import { strategyDescriptor, type StrategyName } from '../../core/strategies/registry.ts';
import { ROUND_MEANING, roundRows } from '../../core/whatif/rounds.ts';
import {
  COUNTERFACTUAL_STATUS_TEXT,
  summarizeCounterfactuals,
  type CounterfactualEntry,
} from '../../core/whatif/batch.ts';
import {
  CHOICES,
  COUNTERFACTUAL_KS,
  counterfactualStore,
  takesRound,
  type CounterfactualChoice,
} from './counterfactual-store.ts';
import { ColumnHeads } from '../../app/components/ColumnHeads.tsx';

const K = COUNTERFACTUAL_KS[0];
const signed = (x: number) => (Number.isNaN(x) ? '—' : `${x > 0 ? '+' : ''}${(x * 100).toFixed(0)} pts`);

/** The "Counterfactual" choice of the batch setup. */
export function CounterfactualSetup({ disabled }: { disabled: boolean }) {
  const choice = useStore(counterfactualStore, (s) => s.choice);
  const round = useStore(counterfactualStore, (s) => s.round);
  return (
    <fieldset className="field checks" data-testid="batch-counterfactual">
      <legend>Counterfactual (after each question&apos;s plain run, iterative regime)</legend>
      <label>
        <select
          value={choice}
          disabled={disabled}
          aria-label="Counterfactual"
          title={CHOICES[choice][1]}
          data-testid="batch-counterfactual-spec"
          onChange={(e) => counterfactualStore.getState().setChoice(e.target.value as CounterfactualChoice)}
        >
          {Object.entries(CHOICES).map(([c, [label, hint]]) => (
            <option key={c} value={c} title={hint}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {takesRound(choice) && (
        <>
          <label>
            R{' '}
            <input
              type="number"
              min={0}
              value={round}
              disabled={disabled}
              style={{ width: '4em' }}
              aria-label="Counterfactual round R"
              data-testid="batch-counterfactual-round"
              onChange={(e) => counterfactualStore.getState().setRound(Number(e.target.value))}
            />
          </label>
          <details className="muted" data-testid="batch-counterfactual-rounds">
            <summary>{ROUND_MEANING}</summary>
            <ul>
              {roundRows()
                .filter(([name]) => strategyDescriptor(name as StrategyName).kind !== 'baseline')
                .map(([name, , round]) => (
                  <li key={name}>
                    <code>{name}</code>: {round}
                  </li>
                ))}
            </ul>
          </details>
        </>
      )}
    </fieldset>
  );
}

/** The summary's counts as columns: field, header, test id. */
const COUNT_COLUMNS = [
  ['questions', 'questions', 'cf-questions'],
  ['applied', 'applied', 'cf-applied'],
  ['notApplied', 'not applied', 'cf-not-applied'],
  ['branchFailed', 'branch failed', 'cf-branch-failed'],
  ['plainFailed', 'plain failed', 'cf-plain-failed'],
  ['changed', 'changed', 'cf-changed'],
  ['failed', 'wrong before', 'cf-failed'],
  ['fixed', 'fixed', 'cf-fixed'],
  ['broken', 'broken', 'cf-broken'],
] as const;

/** Per strategy: {questions, failed, fixed, broken, recall delta} of the batch's counterfactual. */
export function CounterfactualSummary() {
  const spec = useStore(counterfactualStore, (s) => s.spec);
  const runs = useStore(counterfactualStore, (s) => s.runs);
  if (!spec) return null;
  const byStrategy = new Map<string, CounterfactualEntry[]>();
  for (const r of Object.values(runs)) byStrategy.set(r.strategy, [...(byStrategy.get(r.strategy) ?? []), r.entry]);
  return (
    <section className="panel" aria-labelledby="cf-heading" data-testid="cf-summary" data-oracle={spec.oracle}>
      <h3 id="cf-heading">
        Counterfactual {spec.text}
        {spec.oracle && ' '}
        {spec.oracle && (
          <span className="badge" data-testid="cf-oracle" title="reads the gold; not a strategy result">
            oracle
          </span>
        )}
      </h3>
      <p className="muted">
        Only applied rows are counted as changed, fixed or broken and enter ΔRecall; rows whose change did not apply,
        whose branch failed or whose plain run failed are counted apart. wrong before: wrong answer in the plain run
        (Acc); fixed: of those, right after the change; broken: right before, wrong after.
        {spec.oracle && ' This oracle reads the gold passages: it attributes failures, it is not a strategy result.'}
      </p>
      {byStrategy.size === 0 ? (
        <p className="muted">No counterfactual rows yet.</p>
      ) : (
        <table className="table">
          <ColumnHeads names={['strategy', ...COUNT_COLUMNS.map(([, title]) => title), `ΔRecall@${K}`]} />
          <tbody>
            {[...byStrategy].map(([strategy, entries]) => {
              const s = summarizeCounterfactuals(spec, entries, COUNTERFACTUAL_KS);
              return (
                <tr key={strategy} data-testid="cf-summary-row" data-strategy={strategy}>
                  <td>
                    {strategy}
                    {spec.oracle && <span className="muted"> (oracle)</span>}
                  </td>
                  {COUNT_COLUMNS.map(([key, , testid]) => (
                    <td key={key} className="num" data-testid={testid}>
                      {s[key]}
                    </td>
                  ))}
                  <td className="num">{signed(s.recallDelta[K] ?? Number.NaN)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** One run's cell: changed / fixed / broken, or why the spec did not apply. */
export function CounterfactualCell({ runKey }: { runKey: string }) {
  const run = useStore(counterfactualStore, (s) => s.runs[runKey]);
  if (!run) return <td className="muted">—</td>;
  const { row, plain } = run.entry;
  if (row.status !== 'applied')
    return (
      <td className="muted" data-testid="batch-cf" data-status={row.status}>
        {`${COUNTERFACTUAL_STATUS_TEXT[row.status]}: ${row.reason ?? ''}`}
      </td>
    );
  const wasRight = plain.acc === 1;
  const isRight = row.acc === 1;
  const verdict = !wasRight && isRight ? 'fixed' : wasRight && !isRight ? 'broken' : null;
  return (
    <td data-testid="batch-cf" data-status={row.status} title={row.warnings.join('\n') || undefined}>
      {row.changed ? 'changed' : 'unchanged'}
      {verdict && <strong>{` · ${verdict}`}</strong>}
    </td>
  );
}
