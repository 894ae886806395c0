// "Run all three regimes" (paper 004) on the inspector's question: no context, the gold passages
// (an oracle, labelled so), and the strategy as it is, side by side with each run's answer, Acc and
// diagnostic flags. Only core strategies have regimes; the engine's own "single" baselines do not.
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { errorMessage } from '../../app/use-run.ts';
import { accuracy } from '../../core/eval/answer-metrics.ts';
import { diagnoseTrace, readSteps } from '../../core/eval/diagnostics/index.ts';
import { REGIMES, regimeLabel } from '../../core/strategies/regimes.ts';
import type { Regime, Trace } from '../../core/trace/schema.ts';
import type { Passage, Question } from '../../core/types.ts';
import type { RunBackbone } from '../../../workers/engine-api.ts';
import { isCoreStrategy, type RunStrategy } from '../../../workers/engine-api.ts';
import { DiagnosticsList } from './Diagnostics.tsx';

interface Props {
  datasetId: string | undefined;
  question: Question | null;
  strategy: RunStrategy;
  backbone: RunBackbone;
}

const ORDER: Regime[] = ['no-context', 'gold-context', 'iterative'];

export function RegimesSideBySide({ datasetId, question, strategy, backbone }: Props) {
  const engine = useEngine();
  const [runs, setRuns] = useState<{ traces: Partial<Record<Regime, Trace>>; passages?: Map<string, Passage> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const core = isCoreStrategy(strategy);
  const can = core && datasetId !== undefined && question !== null && question.gold.length > 0 && !busy;

  async function runAll() {
    if (!can || !question || !datasetId || !isCoreStrategy(strategy)) return;
    setBusy(true);
    setError(null);
    setRuns({ traces: {} });
    try {
      const traces: Partial<Record<Regime, Trace>> = {};
      for (const regime of ORDER) {
        traces[regime] = await engine.run({ datasetId, question, backbone, strategy, k: 10, regime });
        setRuns({ traces: { ...traces } });
      }
      const ids = [...new Set([...question.gold, ...Object.values(traces).flatMap((t) => t!.events.flatMap((e) => (e.type === 'context' ? e.ids : e.type === 'retrieve' ? e.results.slice(0, 10).map((r) => r.id) : [])))])];
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
        The same question with no context, with exactly its gold passages (an <strong>oracle</strong>, not a retrieval result), and with {strategy} as it is
        (paper 004).
      </p>
      <button type="button" onClick={() => void runAll()} disabled={!can} data-testid="run-regimes">
        {busy ? 'Running…' : 'Run all three regimes'}
      </button>
      {!core && <span className="muted"> Pick one of the core strategies (static … planner) to compare regimes.</span>}
      {core && question && question.gold.length === 0 && <span className="muted"> A typed question has no gold passages: pick a dataset question.</span>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {runs && (
        <div className="regimes-grid" data-testid="regimes" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '0.75rem' }}>
          {ORDER.map((regime) => {
            const t = runs.traces[regime];
            const answer = t ? readSteps(t).answer : undefined;
            const right = answer !== undefined && question && question.answers.length > 0 ? accuracy(answer, question.answers) === 1 : undefined;
            const noContext = regime !== 'no-context' ? runs.traces['no-context'] : undefined;
            const shown = t?.events.findLast((e) => e.type === 'context');
            return (
              <div key={regime} className="regime-column" data-testid="regime-column" data-regime={regime}>
                <h3>
                  {regimeLabel(regime)} {regime === 'gold-context' && <span className="badge badge-bridge">oracle</span>}
                </h3>
                {!t ? (
                  <p className="muted">{busy ? 'Running…' : 'Not run.'}</p>
                ) : (
                  <>
                    {t.llm.includes('offline thinker') && <span className="badge badge-offline">offline thinker (no LLM)</span>}
                    <p data-testid="regime-answer">
                      <span className="muted">Answer:</span> {answer ?? <span className="muted">none ({t.status})</span>}{' '}
                      {right !== undefined && <span className={right ? 'badge badge-gold' : 'badge badge-bridge'} data-testid="regime-correct">{right ? 'right (Acc)' : 'wrong (Acc)'}</span>}
                    </p>
                    <p className="muted">The reader saw {shown?.type === 'context' ? shown.ids.length : 0} passages.</p>
                    <DiagnosticsList result={diagnoseTrace(t, { ...(runs.passages ? { passages: runs.passages } : {}), ...(noContext ? { noContext } : {}) })} passages={runs.passages} compact />
                  </>
                )}
              </div>
            );
          })}
        </div>
      )}
      <p className="muted">Regimes: {REGIMES.map(regimeLabel).join(' · ')}.</p>
    </section>
  );
}
