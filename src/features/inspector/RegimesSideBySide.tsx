// "Run all three regimes" (paper 004) on the inspector's question: no context, the gold passages
// (an oracle, labelled so), and the strategy as it is, side by side with each run's answer, Acc and
// diagnostic flags. Optionally a second row with the offline thinker, so the LLM from Settings and the
// stand-in are compared model by model. Only core strategies have regimes.
import { STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { REGIMES, regimeLabel } from '../../core/strategies/regimes.ts';
import { RegimesRow } from './RegimesRow.tsx';
import { useRegimeRuns, type RegimeModel, type RegimesRequest } from './use-regime-runs.ts';
import { ErrorLine } from '../../app/components/ErrorLine.tsx';

export function RegimesSideBySide(props: RegimesRequest) {
  const { runs, alsoOffline, setAlsoOffline, busy, error, core, can, runAll, strategy } = useRegimeRuns(props);
  const { question } = props;
  // Before the first trace is in, one row of "Running…" columns.
  const models: RegimeModel[] =
    runs && Object.keys(runs.traces).length ? (Object.keys(runs.traces) as RegimeModel[]) : ['settings'];
  return (
    <section className="panel" aria-labelledby="regimes-heading" data-testid="regimes-panel">
      <h2 id="regimes-heading">Three evidence regimes</h2>
      <p className="muted">
        The same question with no context, with exactly its gold passages (an <strong>oracle</strong>, not a retrieval
        result), and with {STRATEGY_SHORT[strategy]} as it is (paper 004).
      </p>
      <button type="button" onClick={() => void runAll()} disabled={!can} data-testid="run-regimes">
        {busy ? 'Running…' : 'Run all three regimes'}
      </button>{' '}
      <label>
        <input
          type="checkbox"
          checked={alsoOffline}
          onChange={(e) => setAlsoOffline(e.target.checked)}
          data-testid="regimes-also-offline"
        />{' '}
        also with the offline thinker (models side by side)
      </label>
      {!core && <span className="muted"> Pick one of the core strategies (static … planner) to compare regimes.</span>}
      {core && question && question.gold.length === 0 && (
        <span className="muted"> A typed question has no gold passages: pick a dataset question.</span>
      )}
      <ErrorLine error={error} />
      {runs &&
        models.map((model) => (
          <RegimesRow
            key={model}
            model={model}
            traces={runs.traces}
            question={question}
            passages={runs.passages}
            busy={busy}
          />
        ))}
      <p className="muted">Regimes: {REGIMES.map(regimeLabel).join(' · ')}.</p>
    </section>
  );
}
