import { accuracyByType, byType, type BatchRow } from '../../app/batch/results.ts';
import { BarChart } from './charts.tsx';
import { PlotCard } from './PlotCard.tsx';

/** Accuracy by question type when some strategy answered, else Recall@5 by question type. */
export function TypePlot({ rows }: { rows: readonly BatchRow[] }) {
  const answered = rows.some((r) => r.acc !== null);
  const metric = answered ? 'Accuracy' : 'Recall@5';
  return (
    <PlotCard
      title={`${metric} by question type`}
      file={answered ? 'accuracy-by-type' : 'recall5-by-type'}
      note={
        answered
          ? 'Acc: the gold answer appears in the prediction (DualRAG); answering strategies only.'
          : 'Accuracy by type needs an answering strategy (+reader); retrieval-only runs show Recall@5 by type.'
      }
    >
      {(ref) => (
        <BarChart
          ref={ref}
          title={`${metric} by type`}
          groups={(answered ? accuracyByType(rows) : byType(rows)).map((t) => ({
            label: `${t.type} (${t.count})`,
            values: Object.entries(t.values).map(([name, value]) => ({ name, value })),
          }))}
        />
      )}
    </PlotCard>
  );
}
