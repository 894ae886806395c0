import { answerPlaceholder } from './empty-states.ts';
import { Term } from '../../app/components/Glossary.tsx';
import type { InspectorTrace } from './use-inspector-trace.ts';
import { ColumnHeads } from '../../app/components/ColumnHeads.tsx';

/** The answer's scores, each under its glossary term. */
const ANSWER_METRICS = Object.entries({ EM: 'em', F1: 'f1', Acc: 'acc' } as const);
const pct = (v: number) => `${(v * 100).toFixed(0)}%`;

/** The answer with its scores, and what the run cost per module. */
export function FinalPanel({ view }: { view: InspectorTrace }) {
  const { model, scores, runContext: run, gold } = view;
  const { answer } = scores;
  // While a run streams, its header (trace.llm) is not here yet: the first LLM call names the provider.
  const llmLabel = view.trace?.llm ?? model.llmProvider;
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
        {model.answer !== null ? model.answer : <span className="muted answer-empty">{answerPlaceholder(run)}</span>}
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
        {gold.size === 0 && run.strategy !== null && (
          <div className="muted">Typed question: no gold, so no scores.</div>
        )}
      </dl>
      <h3>Cost per module</h3>
      {run.strategy === null && !run.running ? (
        <p className="muted">Nothing has run yet.</p>
      ) : model.modules.length === 0 ? (
        <p className="muted">No LLM calls; {Math.round(model.elapsedMs)} ms in total.</p>
      ) : (
        <table className="table" data-testid="module-costs">
          <ColumnHeads names={['module', 'calls', 'tokens', 'time']} />
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
