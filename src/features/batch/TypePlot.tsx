import { accuracyByType, byType, type BatchRow } from '../../app/batch/results.ts';
import { BarChart } from './charts.tsx';
import { PlotCard } from './PlotCard.tsx';

/** Accuracy by question type when some strategy answered, else Recall@5 by question type. */
export function TypePlot({ rows }: { rows: readonly BatchRow[] }) {
  return rows.some((r) => r.acc !== null) ? (
    <PlotCard
      title="Accuracy by question type"
      file="accuracy-by-type"
      note="Acc: the gold answer appears in the prediction (DualRAG); answering strategies only."
    >
      {(ref) => (
        <BarChart
          ref={ref}
          title="Accuracy by type"
          groups={accuracyByType(rows).map((t) => ({
            label: `${t.type} (${t.count})`,
            values: Object.entries(t.values).map(([name, value]) => ({ name, value })),
          }))}
        />
      )}
    </PlotCard>
  ) : (
    <PlotCard
      title="Recall@5 by question type"
      file="recall5-by-type"
      note="Accuracy by type needs an answering strategy (+reader); retrieval-only runs show Recall@5 by type."
    >
      {(ref) => (
        <BarChart
          ref={ref}
          title="Recall@5 by type"
          groups={byType(rows).map((t) => ({
            label: `${t.type} (${t.count})`,
            values: Object.entries(t.values).map(([name, value]) => ({ name, value })),
          }))}
        />
      )}
    </PlotCard>
  );
}
