// Per-iteration plots for iterative strategies (GEAR Fig. 2 and Fig. 4): Recall@15 of the pool after each round,
// and the LLM tokens spent in each round.
import { perRoundRecall, roundGroups, strategiesOf, type BatchRow } from '../../app/batch/results.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import { BarChart } from './charts.tsx';
import { PlotCard } from './PlotCard.tsx';

/** Mean LLM tokens per round and strategy (a question that stopped earlier counts 0 in later rounds). */
function tokensPerRound(rows: readonly BatchRow[]): { strategy: string; rounds: number[] }[] {
  return strategiesOf(rows).map((strategy) => {
    const mine = rows.filter((r) => r.strategy === strategy);
    const per = mine.map((r) => foldTrace(r.trace.events).tokensByRound);
    const maxRound = Math.max(0, ...per.flatMap((m) => [...m.keys()]));
    return {
      strategy,
      rounds: Array.from(
        { length: maxRound + 1 },
        (_, t) => per.reduce((s, m) => s + (m.get(t) ?? 0), 0) / Math.max(1, mine.length),
      ),
    };
  });
}

export function IterationPlots({ rows }: { rows: readonly BatchRow[] }) {
  const recall = perRoundRecall(rows, 15);
  const tokens = tokensPerRound(rows);
  const maxTokens = Math.max(1, ...tokens.flatMap((s) => s.rounds));
  return (
    <>
      <PlotCard
        title="Recall@15 per round"
        file="recall15-per-round"
        note="GEAR Fig. 2: the pool after each round (GEAR: the fused step lists; its last round is the passageLink fusion, Eq. 9)."
      >
        {(ref) => <BarChart ref={ref} title="Recall@15 per round" groups={roundGroups(recall)} />}
      </PlotCard>
      <PlotCard
        title="LLM tokens per round"
        file="tokens-per-round"
        note="GEAR Fig. 4: mean tokens per question in each round, as the server reported them (the offline thinker reports 0)."
      >
        {(ref) => (
          <BarChart ref={ref} title="tokens per round" max={maxTokens} unit="count" groups={roundGroups(tokens)} />
        )}
      </PlotCard>
    </>
  );
}
