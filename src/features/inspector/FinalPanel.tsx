import type { TraceModel } from '../../core/trace/fold.ts';
import type { TraceScores } from '../../app/trace/scores.ts';
import { answerPlaceholder, type RunContext } from './empty-states.ts';
import { Term } from '../../app/components/Glossary.tsx';

interface Props {
  model: TraceModel;
  scores: TraceScores;
  llmLabel: string | null;
  hasGold: boolean;
  /** A run is streaming in (no answer is final yet). */
  running: boolean;
  /** Strategy of the run on screen and whether a prefix is shown: what the empty answer says. */
  run: Omit<RunContext, 'running'>;
}

/** The answer's scores, each under its glossary term. */
const ANSWER_METRICS = Object.entries({ EM: 'em', F1: 'f1', Acc: 'acc' } as const);
const pct = (v: number) => `${(v * 100).toFixed(0)}%`;

/** The answer with its scores, and what the run cost per module. */
export function FinalPanel({ model, scores, llmLabel, hasGold, running, run }: Props) {
  const { answer } = scores;
  const calls = model.modules.reduce((a, m) => a + m.calls, 0);
  const tokens = model.modules.reduce((a, m) => a + m.total, 0);
  return (
    <section className="panel" aria-labelledby="final-heading">
      <h2 id="final-heading">Answer and scores</h2>
      {llmLabel && (
        <p className="llm-label" data-testid="llm-label">
          LLM: {llmLabel}
          {llmLabel.includes('offline thinker') && (
            <span className="muted">
              {' '}
              — heuristic stand-in, no model: its results are offline-thinker results, not an LLM&rsquo;s
            </span>
          )}
        </p>
      )}
      <p className="answer" data-testid="answer">
        {model.answer !== null ? (
          model.answer
        ) : (
          <span className="muted answer-empty">{answerPlaceholder({ ...run, running })}</span>
        )}
      </p>
      <dl className="metrics" data-testid="metrics">
        {answer &&
          ANSWER_METRICS.map(([term, key]) => (
            <div key={term}>
              <dt>
                <Term term={term} />
              </dt>
              <dd>{answer[key].toFixed(2)}</dd>
            </div>
          ))}
        {scores.recall?.map((r) => (
          <div key={r.k}>
            <dt>
              <Term term="Recall@k">{`Recall@${r.k}`}</Term>
            </dt>
            <dd>{pct(r.value)}</dd>
          </div>
        ))}
        {!hasGold && run.strategy !== null && <div className="muted">Typed question: no gold, so no scores.</div>}
      </dl>
      <h3>Cost per module</h3>
      {run.strategy === null && !running ? (
        <p className="muted">Nothing has run yet.</p>
      ) : model.modules.length === 0 ? (
        <p className="muted">No LLM calls; {Math.round(model.elapsedMs)} ms in total.</p>
      ) : (
        <table className="table" data-testid="module-costs">
          <thead>
            <tr>
              <th scope="col">module</th>
              <th scope="col">calls</th>
              <th scope="col">tokens</th>
              <th scope="col">time</th>
            </tr>
          </thead>
          <tbody>
            {model.modules.map((m) => (
              <tr key={m.module}>
                <td>{m.module}</td>
                <td className="num">
                  {m.calls}
                  {m.cached > 0 && <span className="muted"> ({m.cached} cached)</span>}
                </td>
                <td className="num">
                  {m.total}
                  {m.reasoning !== undefined && <span className="muted"> ({m.reasoning} reasoning)</span>}
                </td>
                <td className="num">{Math.round(m.ms)} ms</td>
              </tr>
            ))}
            <tr className="total">
              <td>total</td>
              <td className="num">{calls}</td>
              <td className="num">{tokens}</td>
              <td className="num">{Math.round(model.elapsedMs)} ms run</td>
            </tr>
          </tbody>
        </table>
      )}
    </section>
  );
}
