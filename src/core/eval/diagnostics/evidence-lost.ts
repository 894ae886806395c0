// evidenceLost: this project's diagnostic, a seventh beside paper 004's six (not one of the paper's).
// Coverage gap asks whether the gold was ever retrieved; this one asks what became of gold the run did
// find: a gold unit (a hop, or a gold passage without structured gold) that was in the pool at some step
// and is missing from what the reader read (the answer call's context). The evidence names the passage,
// the step that dropped it and the mechanism:
// - pool cap: a later pool no longer holds it (IRCoT's paragraph cap, IRGS's replacement, GEAR's rebuild);
// - verifier: the verifier was shown it and did not select it, and the μ+σ cut then dropped it (BDTR Eq. 5-6);
// - μ+σ cut: it was in the final pool and below the cut's threshold;
// - reader budget: it was in the final context but past what the reader reads (readerTop).
import type { Trace } from '../../trace/schema.ts';
import type { GoldView } from './gold.ts';
import type { TraceSteps } from './steps.ts';
import { notApplicable, type DiagnosticEvidence, type QuestionDiagnostic } from './types.ts';

export type LossMechanism = 'pool cap' | 'verifier' | 'μ+σ cut' | 'reader budget';

export interface EvidenceLost extends QuestionDiagnostic {
  /** Per lost unit: the passage, the mechanism and the trace round of the dropping event. */
  lost: { unit: string; passage: string; mechanism: LossMechanism; round: number }[];
}

const stepOfRound = (run: TraceSteps, round: number): number | undefined =>
  run.steps.filter((s) => s.round <= round).at(-1)?.step ?? run.steps[0]?.step;

export function evidenceLost(trace: Trace, run: TraceSteps, gold: GoldView): EvidenceLost {
  const none = (reason: string): EvidenceLost => ({ ...notApplicable(reason), lost: [] });
  if (run.answer === undefined) return none('the run has no reader (no answer)');
  if (gold.units.length === 0) return none('the question has no gold passages');
  if (run.finalContext.length === 0) return none('the reader was shown no passages (it reads a knowledge outline)');
  const read = new Set(run.finalContext);
  const pools = trace.events.flatMap((e, i) =>
    e.type === 'pool' ? [{ i, round: e.round, ids: e.pool.map((p) => p.id) }] : [],
  );
  if (pools.length === 0) return none('the run records no pool');
  const cutoff = trace.events.findLast((e) => e.type === 'cutoff');
  const lastPool = pools.at(-1)!;
  const lost: EvidenceLost['lost'] = [];
  const evidence: DiagnosticEvidence[] = [];
  for (const unit of gold.units) {
    if (unit.passages.some((id) => read.has(id))) continue; // the reader read this hop
    // the unit's passage that was pooled last (the one that came closest to the reader)
    let best: { passage: string; at: number } | undefined;
    for (const id of unit.passages) {
      const at = pools.findLastIndex((p) => p.ids.includes(id));
      if (at >= 0 && (!best || at > best.at)) best = { passage: id, at };
    }
    if (!best) continue; // never pooled: coverage gap's finding, not this one's
    const { passage } = best;
    let mechanism: LossMechanism;
    let round: number;
    let how: string;
    const later = pools.slice(best.at + 1).find((p) => !p.ids.includes(passage));
    if (later) {
      mechanism = 'pool cap';
      round = later.round;
      how = `the pool of round ${later.round} no longer holds it`;
    } else if (cutoff?.type === 'cutoff' && lastPool.ids.includes(passage) && !cutoff.kept.includes(passage)) {
      const shown = trace.events.find((v) => v.type === 'verify' && v.candidates.includes(passage));
      const unselected = shown?.type === 'verify' && !shown.selected.includes(passage);
      mechanism = unselected ? 'verifier' : 'μ+σ cut';
      round = unselected ? shown.round : cutoff.round;
      how = unselected
        ? `the verifier of round ${shown.round} did not select it and the μ+σ cut (threshold ${cutoff.threshold.toFixed(3)}) dropped it`
        : `the μ+σ cut of round ${cutoff.round} (threshold ${cutoff.threshold.toFixed(3)}) dropped it`;
    } else {
      mechanism = 'reader budget';
      round = trace.events.findLast((e) => e.type === 'answer')?.round ?? lastPool.round;
      how = `it was in the final context, past the ${run.finalContext.length} passage(s) the reader read`;
    }
    lost.push({ unit: unit.label, passage, mechanism, round });
    const step = stepOfRound(run, round);
    evidence.push({
      ...(step !== undefined ? { step } : {}),
      passage,
      note: `${unit.label} (${passage}) was in the pool of round ${pools[best.at]!.round} and the reader never read it: ${how} (${mechanism})`,
    });
  }
  return { applicable: true, flagged: lost.length > 0, evidence, lost };
}
