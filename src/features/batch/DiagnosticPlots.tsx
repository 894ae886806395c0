// Batch plots of paper 004's diagnostics (core, from the traces and the gold): each one's rate per batch key and
// per hop count. Only completed runs are diagnosed (a failed run is not a result); each plot says its basis.
import { useMemo } from 'react';
import { useDiagnosisPassages } from './use-diagnosis-passages.ts';
import {
  CORRECTNESS_NOTE,
  correctnessOf,
  DIAGNOSTICS,
  diagnoseTrace,
  summarizeDiagnostics,
  type DiagnosticsSummary,
} from '../../core/eval/diagnostics/index.ts';
import { regimeLabel } from '../../core/strategies/regimes.ts';
import type { Trace } from '../../core/trace/schema.ts';
import { BarChart } from './charts.tsx';
import { parseVariant } from '../../app/batch/variants.ts';
import { PlotCard } from './PlotCard.tsx';

interface Props {
  datasetId: string | undefined;
  runs: readonly { strategy: string; trace: Trace }[];
}

const SHORT: Record<(typeof DIAGNOSTICS)[number], string> = {
  coverageGap: 'coverage',
  anchorCarryDrop: 'anchor',
  distractorLatch: 'latch',
  compositionFailure: 'compose',
  parametricSuppression: 'suppress',
  stoppingCalibration: 'stop',
  evidenceLost: 'lost*',
};

export function DiagnosticPlots({ datasetId, runs: all }: Props) {
  const runs = useMemo(() => all.filter((r) => r.trace.status === 'done'), [all]);
  const passages = useDiagnosisPassages(datasetId, runs);
  const groups = useMemo(() => {
    const by = new Map<string, { trace: Trace; nc: Trace | undefined }[]>();
    // The batch key already names the model and the regime (src/app/batch/variants.ts); a run of a
    // regime the key does not name (a trace opened from elsewhere) gets the regime added.
    const pairKey = (strategy: string, questionId: string) => {
      const v = parseVariant(strategy);
      return `${v.config}|${v.model}|${questionId}`;
    };
    const noContext = new Map(
      runs
        .filter((r) => r.trace.regime === 'no-context')
        .map((r) => [pairKey(r.strategy, r.trace.question.id), r.trace]),
    );
    for (const { strategy, trace } of runs) {
      const key =
        trace.regime === parseVariant(strategy).regime ? strategy : `${strategy} · ${regimeLabel(trace.regime)}`;
      by.set(key, [...(by.get(key) ?? []), { trace, nc: noContext.get(pairKey(strategy, trace.question.id)) }]);
    }
    return [...by].map(([name, traces]) => {
      const rows = traces.map(({ trace: t, nc }) =>
        diagnoseTrace(t, { ...(passages.data ? { passages: passages.data } : {}), ...(nc ? { noContext: nc } : {}) }),
      );
      return { name, rows, summary: summarizeDiagnostics(rows) };
    });
  }, [runs, passages.data]);
  if (runs.length === 0) return null;
  const basis = `Correct by ${CORRECTNESS_NOTE[correctnessOf(groups.flatMap((g) => g.rows))]}; completed runs only.`;
  const hops = [...new Set(groups.flatMap((g) => Object.keys(g.summary.coverageGap.byHops)))].sort(
    (a, b) => Number(a) - Number(b),
  );
  const byHop = (s: DiagnosticsSummary, h: string, name: (typeof DIAGNOSTICS)[number]) =>
    s[name].byHops[h]?.rate ?? Number.NaN;
  return (
    <>
      <PlotCard
        title="Diagnostics per strategy (paper 004)"
        file="diagnostics-per-strategy"
        note={`coverage gap, anchor carry-drop, distractor latch, composition failure, parametric suppression, stopping (early or late), and lost* (this project's, not paper 004's: gold that was in the pool and never read by the reader): share of the questions each applies to; a missing bar = applies to none (e.g. parametric suppression needs a no-context run). ${basis}`}
      >
        {(ref) => (
          <BarChart
            ref={ref}
            title="Diagnostics per strategy"
            groups={DIAGNOSTICS.map((d) => ({
              label: SHORT[d],
              values: groups.map((g) => ({ name: g.name, value: g.summary[d].rate ?? Number.NaN })),
            }))}
          />
        )}
      </PlotCard>
      {hops.length > 0 && (
        <PlotCard
          title="Coverage gap and composition failure by hop count"
          file="diagnostics-by-hops"
          note={`Per strategy; questions without a hop count are left out. ${basis}`}
        >
          {(ref) => (
            <BarChart
              ref={ref}
              title="Diagnostics by hops"
              groups={hops.flatMap((h) => [
                {
                  label: `${h} hops: coverage`,
                  values: groups.map((g) => ({ name: g.name, value: byHop(g.summary, h, 'coverageGap') })),
                },
                {
                  label: `${h} hops: composition`,
                  values: groups.map((g) => ({ name: g.name, value: byHop(g.summary, h, 'compositionFailure') })),
                },
              ])}
            />
          )}
        </PlotCard>
      )}
    </>
  );
}
