// "Run all three regimes" (paper 004) on the inspector's question: no context, the gold passages
// (an oracle, labelled so), and the strategy as it is, side by side with each run's answer, Acc and
// diagnostic flags. Optionally a second row with the offline thinker, so the LLM from Settings and the
// stand-in are compared model by model. Only core strategies have regimes.
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { errorMessage } from '../../app/use-run.ts';
import { accuracy } from '../../core/eval/answer-metrics.ts';
import { diagnoseTrace, readSteps } from '../../core/eval/diagnostics/index.ts';
import { REGIMES, regimeLabel } from '../../core/strategies/regimes.ts';
import type { Regime, Trace } from '../../core/trace/schema.ts';
import type { Passage, Question } from '../../core/types.ts';
import type { RunBackbone, RunRequest } from '../../engine/engine-api.ts';
import { isBaseline, type RunStrategy } from '../../engine/engine-api.ts';
import { STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { DiagnosticsList } from './Diagnostics.tsx';

interface Props {
  datasetId: string | undefined;
  question: Question | null;
  strategy: RunStrategy;
  backbone: RunBackbone;
}

type Model = NonNullable<RunRequest['llm']>;
const ORDER: Regime[] = ['no-context', 'gold-context', 'iterative'];
type Runs = Partial<Record<Model, Partial<Record<Regime, Trace>>>>;

export function RegimesSideBySide({ datasetId, question, strategy, backbone }: Props) {
  const engine = useEngine();
  const [runs, setRuns] = useState<{ traces: Runs; passages?: Map<string, Passage> } | null>(null);
  const [alsoOffline, setAlsoOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const core = !isBaseline(strategy);
  const can = core && datasetId !== undefined && question !== null && question.gold.length > 0 && !busy;

  async function runAll() {
    if (!can || !question || !datasetId || isBaseline(strategy)) return;
    setBusy(true);
    setError(null);
    setRuns({ traces: {} });
    try {
      const traces: Runs = {};
      const models: Model[] = alsoOffline ? ['settings', 'offline'] : ['settings'];
      for (const model of models) {
        for (const regime of ORDER) {
          const t = await engine.run({ datasetId, question, backbone, strategy, k: 10, regime, llm: model });
          traces[model] = { ...traces[model], [regime]: t };
          setRuns({ traces: { ...traces } });
        }
        // Settings already hold the offline thinker: a second row would repeat the first.
        if (model === 'settings' && traces.settings?.iterative?.llm.includes('offline thinker')) break;
      }
      const all = Object.values(traces).flatMap((r) => Object.values(r ?? {}));
      const ids = [
        ...new Set([
          ...question.gold,
          ...all.flatMap((t) =>
            t.events.flatMap((e) =>
              e.type === 'context' ? e.ids : e.type === 'retrieve' ? e.results.slice(0, 10).map((r) => r.id) : [],
            ),
          ),
        ]),
      ];
      setRuns({ traces, passages: new Map((await engine.passages(datasetId, ids)).map((p) => [p.id, p])) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

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
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {runs &&
        (Object.keys(runs.traces).length ? (Object.keys(runs.traces) as Model[]) : (['settings'] as Model[])).map(
          (model) => (
            <div
              key={model}
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
              {ORDER.map((regime) => {
                const t = runs.traces[model]?.[regime];
                const answer = t ? readSteps(t).answer : undefined;
                const right =
                  answer !== undefined && question && question.answers.length > 0
                    ? accuracy(answer, question.answers) === 1
                    : undefined;
                const noContext = regime !== 'no-context' ? runs.traces[model]?.['no-context'] : undefined;
                const shown = t?.events.findLast((e) => e.type === 'context');
                return (
                  <div
                    key={regime}
                    className="regime-column"
                    data-testid="regime-column"
                    data-regime={regime}
                    data-model={model}
                  >
                    <h3>
                      {regimeLabel(regime)}{' '}
                      {regime === 'gold-context' && <span className="badge badge-bridge">oracle</span>}
                    </h3>
                    {!t ? (
                      <p className="muted">{busy ? 'Running…' : 'Not run.'}</p>
                    ) : (
                      <>
                        <p className="muted" data-testid="regime-llm">
                          LLM: {t.llm}{' '}
                          {t.llm.includes('offline thinker') && (
                            <span className="badge badge-offline">offline thinker (no LLM)</span>
                          )}
                        </p>
                        <p data-testid="regime-answer">
                          <span className="muted">Answer:</span>{' '}
                          {answer ?? <span className="muted">none ({t.status})</span>}{' '}
                          {right !== undefined && (
                            <span
                              className={right ? 'badge badge-gold' : 'badge badge-bridge'}
                              data-testid="regime-correct"
                            >
                              {right ? 'right (Acc)' : 'wrong (Acc)'}
                            </span>
                          )}
                        </p>
                        <p className="muted">
                          The reader saw {shown?.type === 'context' ? shown.ids.length : 0} passages.
                        </p>
                        <DiagnosticsList
                          result={diagnoseTrace(t, {
                            ...(runs.passages ? { passages: runs.passages } : {}),
                            ...(noContext ? { noContext } : {}),
                          })}
                          passages={runs.passages}
                          compact
                        />
                      </>
                    )}
                  </div>
                );
              })}
            </div>
          ),
        )}
      <p className="muted">Regimes: {REGIMES.map(regimeLabel).join(' · ')}.</p>
    </section>
  );
}
