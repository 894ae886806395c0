// distractorLatch (paper 004, "distractor latch trajectories"): a non-gold passage that closely
// resembles a gold one (same title entity, or word overlap >= minOverlap) stays in what the model was
// shown for 2 or more consecutive steps while that gold passage is absent from it.
import type { Passage } from '../../types.ts';
import type { GoldView } from './gold.ts';
import type { TraceSteps } from './steps.ts';
import { resembles } from './text.ts';
import { notApplicable, type DiagnosticEvidence, type QuestionDiagnostic } from './types.ts';

export function distractorLatch(
  run: TraceSteps,
  gold: GoldView,
  minOverlap: number,
  passage: (id: string) => Passage | undefined,
): QuestionDiagnostic {
  const shown = run.steps.filter((s) => s.context.length > 0);
  if (shown.length < 2) return notApplicable('the model was shown passages at fewer than two steps');
  const golds = [...gold.passages].map(passage).filter((p): p is Passage => p !== undefined);
  if (golds.length === 0) return notApplicable('no gold passage text to compare with (passage lookup missing)');
  const evidence: DiagnosticEvidence[] = [];
  const reported = new Set<string>();
  for (let i = 0; i + 1 < shown.length; i++) {
    const a = shown[i]!;
    const b = shown[i + 1]!;
    if (b.step !== a.step + 1) continue;
    for (const id of a.context) {
      if (gold.passages.has(id) || !b.context.includes(id) || reported.has(id)) continue;
      const d = passage(id);
      if (!d) continue;
      for (const g of golds) {
        if (a.context.includes(g.id) || b.context.includes(g.id)) continue;
        const r = resembles(d, g, minOverlap);
        if (!r) continue;
        reported.add(id);
        evidence.push({
          step: a.step,
          passage: id,
          entity: d.title,
          note: `"${d.title}" (${r.reason}, overlap ${r.overlap.toFixed(2)}) with gold "${g.title}" [${g.id}] stayed in the context in rounds ${a.round}-${b.round} while the gold passage was absent`,
        });
        break;
      }
    }
  }
  return { applicable: true, flagged: evidence.length > 0, evidence };
}
