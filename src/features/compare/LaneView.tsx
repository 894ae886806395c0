import { useMemo } from 'react';
import { BumpChart } from '../../app/components/BumpChart.tsx';
import { foldTrace } from '../../core/trace/fold.ts';
import { traceBridges } from '../../app/trace/bridges.ts';
import { scoreTrace } from '../../app/trace/scores.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { RoleMark } from '../../app/components/Marks.tsx';

export const SHOWN = 10;
/** Rows of every lane's rank chart. */
const MAX_RANK = 20;

export interface LaneViewProps {
  label: string;
  trace: Trace;
  /** Ids in the other lanes' shown contexts: a passage in none of them is marked "only here". */
  others: ReadonlySet<string>;
  passages: PassageLookup;
  /** Stage columns of the widest lane: every lane's chart uses it, so all share one axis. */
  columns: number;
}

/** One strategy's result: answer, scores, final context with differences marked, and its rank chart. */
export function LaneView({ label, trace, others, passages, columns }: LaneViewProps) {
  const model = useMemo(() => foldTrace(trace.events), [trace]);
  const gold = useMemo(() => new Set(trace.question.gold), [trace]);
  const bridges = useMemo(() => traceBridges(trace.question, model), [model, trace]);
  const bridge = bridges.ids;
  const scores = useMemo(() => scoreTrace(model, trace.question), [model, trace]);
  const shown = model.finalRanking.slice(0, SHOWN);
  return (
    <div className="lane-result" data-testid="compare-lane-result" aria-label={label}>
      <p className="muted">LLM: {trace.llm}</p>
      <p className="answer" data-testid="compare-answer">
        {model.answer ?? <span className="muted">no answer (retrieval only)</span>}
      </p>
      <dl className="metrics">
        {scores.answer && (
          <div>
            <dt>EM / F1</dt>
            <dd>
              {scores.answer.em.toFixed(2)} / {scores.answer.f1.toFixed(2)}
            </dd>
          </div>
        )}
        {scores.recall?.map((r) => (
          <div key={r.k}>
            <dt>Recall@{r.k}</dt>
            <dd data-testid={`compare-recall-${r.k}`}>{(r.value * 100).toFixed(0)}%</dd>
          </div>
        ))}
      </dl>
      <h4>Final context (top {shown.length})</h4>
      <ol className="lane-context">
        {shown.map((id) => {
          const only = !others.has(id);
          return (
            <li
              key={id}
              className={`${gold.has(id) ? 'gold ' : ''}${only ? 'only' : ''}`}
              data-testid="compare-passage"
              data-only={String(only)}
              data-gold={String(gold.has(id))}
            >
              {passages.titleOf(id)}
              <RoleMark id={id} gold={gold} bridge={bridge} />
              {only && (
                <span className="badge badge-only" data-testid="compare-only">
                  only here
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <BumpChart
        model={model}
        maxRank={MAX_RANK}
        compact={{ columns }}
        {...{ gold, bridge, passages }}
        bridgeRule={bridges.rule}
      />
    </div>
  );
}
