import { perRoundRecall, recallCurve, roundGroups } from '../../app/batch/results.ts';
import type { BatchRun } from '../../state/batch-slice.ts';
import { BarChart, LineChart, SeriesColors } from './charts.tsx';
import { ComplementarityPlot } from './ComplementarityPlot.tsx';
import { DiagnosticPlots } from './DiagnosticPlots.tsx';
import { FailureShiftPanel } from './FailureShiftPanel.tsx';
import { IterationPlots } from './IterationPlots.tsx';
import { PlotCard } from './PlotCard.tsx';
import { TypePlot } from './TypePlot.tsx';
import type { ComplementarityLanes } from './use-complementarity-lanes.ts';
import type { BatchResults } from './use-batch-results.ts';

interface Props {
  datasetId: string | undefined;
  runs: readonly BatchRun[];
  /** Its strategies are the lanes in the table's order: one colour each in every plot. */
  results: BatchResults;
  complementarity: ComplementarityLanes;
}

/** The batch's plots: Recall@k, Recall@5 per round, the iteration plots, by type, complementarity, diagnostics, failure shift. */
export function BatchPlots({ datasetId, runs, results: { rows, completedRows, strategies }, complementarity }: Props) {
  const maxK = Math.min(200, Math.max(1, ...rows.map((r) => r.ranking.length)));
  return (
    /* One colour per lane in every plot (the lanes in the table's order). */
    <SeriesColors names={strategies}>
      <div className="plots">
        <PlotCard title={`Recall@k, k = 1..${maxK}`} file="recall-at-k">
          {(ref) => (
            <LineChart
              ref={ref}
              title="Recall@k"
              xLabel="k (log scale)"
              logX
              series={recallCurve(rows, maxK).map((s) => ({
                name: s.strategy,
                points: s.points.map((p) => ({ x: p.k, y: p.recall })),
              }))}
            />
          )}
        </PlotCard>
        <PlotCard
          title="Recall@5 per round"
          file="recall5-per-round"
          note="Single retrieval has one round (round 0); iterative strategies add a point per round."
        >
          {(ref) => <BarChart ref={ref} title="Recall@5 per round" groups={roundGroups(perRoundRecall(rows))} />}
        </PlotCard>
        <IterationPlots rows={completedRows} />
        <TypePlot rows={rows} />
        <ComplementarityPlot {...complementarity} />
        <DiagnosticPlots datasetId={datasetId} runs={runs} />
        <FailureShiftPanel datasetId={datasetId} runs={runs} />
      </div>
    </SeriesColors>
  );
}
