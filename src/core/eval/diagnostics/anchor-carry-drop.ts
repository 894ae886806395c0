// anchorCarryDrop (paper 004, "anchor propagation"): an intermediate entity the run had found at step s
// (a hop's answer written in a partial answer/thought, or present in a retrieved gold passage) is
// missing from every query of step s+1, while the hop it leads to was still missing. Anchors: the
// answers of all hops but the last, leading to the next hop (structured gold); without hop answers,
// the titles of the bridge passages; with no structured gold, titles of gold passages that another
// gold passage mentions, leading to the passage of that title.
import type { Passage } from '../../types.ts';
import { covers, type GoldUnit, type GoldView } from './gold.ts';
import { foundAt, type TraceSteps } from './steps.ts';
import { mentions, titleHead } from './text.ts';
import { notApplicable, type DiagnosticEvidence, type QuestionDiagnostic } from './types.ts';

/** An intermediate entity and the gold unit it leads to (carrying it matters only while that unit is missing). */
interface Anchor {
  entity: string;
  target: GoldUnit;
}

const head = (title: string) => title.replace(/\s*\([^)]*\)\s*$/, '');

function anchors(gold: GoldView, passage: (id: string) => Passage | undefined): Anchor[] {
  if (gold.basis === 'structured') {
    const answers = gold.units
      .slice(0, -1)
      .flatMap((u, i) => (u.answer ? [{ entity: u.answer, target: gold.units[i + 1]! }] : []));
    if (answers.length > 0) return answers;
    return gold.bridge.flatMap((id) => {
      const p = passage(id);
      const target = gold.units.find((u) => u.passages.includes(id));
      return p && target ? [{ entity: head(p.title), target }] : [];
    });
  }
  const golds = [...gold.passages].map(passage).filter((p): p is Passage => p !== undefined);
  return golds
    .filter((g) => titleHead(g.title) !== '' && golds.some((o) => o.id !== g.id && mentions(o.text, head(g.title))))
    .flatMap((g) => {
      const target = gold.units.find((u) => u.passages.includes(g.id));
      return target ? [{ entity: head(g.title), target }] : [];
    });
}

export function anchorCarryDrop(
  run: TraceSteps,
  gold: GoldView,
  top: number,
  passage: (id: string) => Passage | undefined,
): QuestionDiagnostic {
  if (run.steps.length < 2) return notApplicable('fewer than two retrieval steps: no step transition');
  const list = anchors(gold, passage);
  if (list.length === 0)
    return notApplicable(
      gold.basis === 'structured'
        ? 'no intermediate entity in the structured gold'
        : 'no bridge entity found among the gold passages (passages-only gold)',
    );
  const evidence: DiagnosticEvidence[] = [];
  let checked = 0;
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (let i = 0; i + 1 < run.steps.length; i++) {
    const s = run.steps[i]!;
    const next = run.steps[i + 1]!;
    const found = foundAt(s, top);
    for (const id of found) seen.add(id);
    if (gold.units.every((u) => covers(u, seen))) break; // nothing left to find: no anchor needs carrying
    for (const { entity: a, target } of list) {
      if (reported.has(a) || covers(target, seen)) continue; // its hop is already in: nothing to carry it to
      const inNote = s.notes.find((n) => mentions(n, a));
      const inPassage = [...found].find(
        (id) => gold.passages.has(id) && mentions(`${passage(id)?.title ?? ''} ${passage(id)?.text ?? ''}`, a),
      );
      if (!inNote && !inPassage) continue;
      checked++;
      if (next.queries.some((q) => mentions(q, a))) continue;
      reported.add(a);
      evidence.push({
        step: next.step,
        entity: a,
        ...(inPassage ? { passage: inPassage } : {}),
        note: `"${a}" was found at step ${s.step} (${inNote ? 'in the partial answer' : `in gold passage ${inPassage}`}) and no query of step ${next.step} carries it`,
      });
    }
  }
  if (checked === 0) return notApplicable('no intermediate entity was found before the last step');
  return { applicable: true, flagged: evidence.length > 0, evidence };
}
