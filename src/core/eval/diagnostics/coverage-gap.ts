// coverageGap (paper 004, "retrieval coverage"): a gold unit (a hop with structured gold, else a gold
// passage) was never retrieved at any step. Also reports late hits: units first retrieved at step >= 2.
import { covers, type GoldView } from './gold.ts';
import { foundAt, type TraceSteps } from './steps.ts';
import { notApplicable, type DiagnosticEvidence, type QuestionDiagnostic } from './types.ts';

export interface CoverageGap extends QuestionDiagnostic {
  /** Units first retrieved at step >= 2. */
  lateHits: DiagnosticEvidence[];
  /** Step at which every unit had been retrieved (cumulative), when that happened. */
  completeStep?: number;
}

export function coverageGap(run: TraceSteps, gold: GoldView, top: number): CoverageGap {
  if (run.steps.length === 0)
    return { ...notApplicable('the run retrieved nothing (no retrieval step)'), lateHits: [] };
  if (gold.units.length === 0) return { ...notApplicable('the question has no gold passages'), lateHits: [] };
  const first = new Map<number, { step: number; passage: string }>();
  const seen = new Set<string>();
  let completeStep: number | undefined;
  for (const s of run.steps) {
    const found = foundAt(s, top);
    for (const id of found) seen.add(id);
    gold.units.forEach((u, i) => {
      if (first.has(i)) return;
      const hit = u.passages.find((id) => found.has(id));
      if (hit) first.set(i, { step: s.step, passage: hit });
    });
    if (completeStep === undefined && gold.units.every((u) => covers(u, seen))) completeStep = s.step;
  }
  const evidence: DiagnosticEvidence[] = [];
  const lateHits: DiagnosticEvidence[] = [];
  gold.units.forEach((u, i) => {
    const f = first.get(i);
    if (!f)
      evidence.push({
        passage: u.passages[0],
        ...(u.answer ? { entity: u.answer } : {}),
        note: `${u.label} never retrieved in ${run.steps.length} retrieving rounds (top ${top} per retrieval)`,
      });
    else if (f.step >= 2)
      lateHits.push({
        step: f.step,
        passage: f.passage,
        note: `${u.label} first retrieved in round ${run.steps[f.step - 1]?.round ?? f.step}`,
      });
  });
  return {
    applicable: true,
    flagged: evidence.length > 0,
    evidence,
    lateHits,
    ...(completeStep !== undefined ? { completeStep } : {}),
  };
}
