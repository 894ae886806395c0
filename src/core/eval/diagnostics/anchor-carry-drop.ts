// anchorCarryDrop (paper 004, "anchor propagation"; "if the Step 2 query ignores the specific chemical
// formula found in Step 1, what has occurred? Anchor Carry-Drop"): an anchor the run had found by step
// s (written in a partial answer or thought, or present in a retrieved gold passage) is missing from
// every query of step s+1, while the hop it leads to was still missing and due: every anchor that hop
// needs had been found. Anchors come from the question's hop graph (hop-graph.ts), so parallel hops of
// comparison questions carry nothing to each other. When the next step carries any due anchor the run
// is following the graph (it can pursue one branch per step). When the planner had named the dropped
// entity as an anchor itself (`plan.declared`), the evidence says so.
import type { Passage } from '../../types.ts';
import { covers, type GoldView } from './gold.ts';
import { hopAnchors, type Anchor } from './hop-graph.ts';
import { foundAt, type TraceSteps } from './steps.ts';
import { mentions } from './text.ts';
import { notApplicable, type DiagnosticEvidence, type QuestionDiagnostic } from './types.ts';

export function anchorCarryDrop(
  run: TraceSteps,
  gold: GoldView,
  top: number,
  passage: (id: string) => Passage | undefined,
): QuestionDiagnostic {
  if (run.steps.length < 2) return notApplicable('fewer than two retrieval steps: no step transition');
  const list = hopAnchors(gold, passage);
  if (list.length === 0)
    return notApplicable(
      gold.basis === 'structured'
        ? 'no hop of the question leads to another through an intermediate entity (e.g. a comparison)'
        : 'no bridge entity found among the gold passages (passages-only gold)',
    );
  const evidence: DiagnosticEvidence[] = [];
  let checked = 0;
  const seen = new Set<string>();
  const found = new Map<Anchor, string>(); // anchor -> where it was found
  const reported = new Set<string>();
  for (let i = 0; i + 1 < run.steps.length; i++) {
    const s = run.steps[i]!;
    const next = run.steps[i + 1]!;
    const got = foundAt(s, top);
    for (const id of got) seen.add(id);
    if (gold.units.every((u) => covers(u, seen))) break; // nothing left to find: no anchor needs carrying
    for (const a of list) {
      if (found.has(a)) continue;
      const inNote = s.notes.some((n) => mentions(n, a.entity));
      const inPassage = [...got].find(
        (id) => gold.passages.has(id) && mentions(`${passage(id)?.title ?? ''} ${passage(id)?.text ?? ''}`, a.entity),
      );
      if (inNote) found.set(a, `in round ${s.round} in the partial answer`);
      else if (inPassage) found.set(a, `in round ${s.round} in gold passage ${inPassage}`);
    }
    // due: found, its hop still missing, and every anchor that hop needs found too
    const due = list.filter(
      (a) =>
        found.has(a) &&
        !covers(a.target, seen) &&
        list.filter((b) => b.target === a.target).every((b) => found.has(b)) &&
        !reported.has(a.entity),
    );
    if (due.length === 0) continue;
    checked++;
    if (due.some((a) => next.queries.some((q) => mentions(q, a.entity)))) continue;
    const declared = s.plan?.declared ?? [];
    for (const a of due) {
      reported.add(a.entity);
      const where = found.get(a)!;
      const passageId = /gold passage (\S+)$/.exec(where)?.[1];
      const named = declared.some((d) => mentions(d, a.entity)) ? '; the planner named it as an anchor' : '';
      evidence.push({
        step: next.step,
        entity: a.entity,
        ...(passageId ? { passage: passageId } : {}),
        note: `"${a.entity}" (leads to ${a.target.label}) was found ${where} and no query of round ${next.round} carries it${named}`,
      });
    }
  }
  if (checked === 0) return notApplicable('no anchor was found while the hop it leads to was missing');
  return { applicable: true, flagged: evidence.length > 0, evidence };
}
