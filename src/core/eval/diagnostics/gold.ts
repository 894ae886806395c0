// The gold units the diagnostics count: with structured gold (trace.question.evidence) one unit per hop
// (a hop is covered when any of its passages is), otherwise one unit per gold passage. The output
// says which basis it used, so a passages-only number is never read as a per-hop one.
import type { TraceQuestion } from '../../trace/schema.ts';
import type { QuestionEvidence } from '../../types.ts';

export type GoldBasis = 'structured' | 'passages-only';

/** A hop of the question's evidence (its passages, and its question and answer when the dataset gives them). */
export type GoldUnit = Pick<QuestionEvidence['hops'][number], 'passages' | 'answer' | 'question'> & {
  /** "hop 1", or the passage id when the basis is passages-only. */
  label: string;
  /** The hop's 1-based position in the dataset's decomposition (what MuSiQue's "#k" refers to). */
  hop?: number;
};

export interface GoldView {
  basis: GoldBasis;
  units: GoldUnit[];
  /** Every gold passage id (units' passages, and trace.question.gold). */
  passages: Set<string>;
  bridge: string[];
}

export function goldOf(q: TraceQuestion): GoldView {
  const ev = q.evidence;
  const usable = ev?.hops.flatMap((h, i) => (h.passages.length > 0 ? [{ ...h, hop: i + 1 }] : [])) ?? [];
  if (ev && usable.length > 0) {
    const units = usable.map((h, i) => ({
      label: `hop ${i + 1}`,
      passages: [...h.passages],
      ...(h.answer ? { answer: h.answer } : {}),
      ...(h.question ? { question: h.question } : {}),
      hop: h.hop,
    }));
    return {
      basis: 'structured',
      units,
      passages: new Set([...q.gold, ...units.flatMap((u) => u.passages)]),
      bridge: [...ev.bridge],
    };
  }
  return {
    basis: 'passages-only',
    units: q.gold.map((id) => ({ label: id, passages: [id] })),
    passages: new Set(q.gold),
    bridge: [],
  };
}

export const covers = (unit: GoldUnit, ids: ReadonlySet<string>) => unit.passages.some((id) => ids.has(id));
