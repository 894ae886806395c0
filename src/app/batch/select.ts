// Which questions a batch runs: the first N, or a seeded random sample, after filtering by question
// type and hop count. The same seed over the same questions always picks the same ids.
import type { Question } from '../../core/types.ts';

import type { BatchPick } from '../../state/batch-slice.ts';
import { mulberry32 } from '../../core/random.ts';

export type { BatchPick };

export interface QuestionSelection {
  pick: BatchPick;
  /** How many questions to run (fewer when the filters leave fewer). */
  count: number;
  /** Seed of the sample; unused for "first". */
  seed: number;
  /** Only questions of this type; null for every type. */
  type: string | null;
  /** Only questions with this many hops; null for any. */
  hops: number | null;
}

/**
 * A question's hop count: what the dataset says (MuSiQue's id shape), else the hops of its structured
 * gold, else its number of gold passages (one supporting passage per hop); undefined when none is known.
 */
export function hopCount(q: Question): number | undefined {
  if (q.hops !== undefined) return q.hops;
  if (q.evidence && q.evidence.hops.length > 0) return q.evidence.hops.length;
  return q.gold.length > 0 ? q.gold.length : undefined;
}

/** The questions that pass the type and hop filters, in dataset order. */
function filterQuestions(questions: readonly Question[], s: Pick<QuestionSelection, 'type' | 'hops'>): Question[] {
  return questions.filter(
    (q) => (s.type === null || (q.type ?? 'untyped') === s.type) && (s.hops === null || hopCount(q) === s.hops),
  );
}

/**
 * The batch's questions. "sample" shuffles the filtered list with a seeded Fisher–Yates shuffle and
 * takes the first `count`, then restores dataset order so rows and exports read in a stable order.
 */
export function selectQuestions(questions: readonly Question[], s: QuestionSelection): Question[] {
  const pool = filterQuestions(questions, s);
  const count = Math.max(0, Math.floor(s.count));
  if (s.pick === 'first') return pool.slice(0, count);
  const order = pool.map((_, i) => i);
  const random = mulberry32(s.seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => pool[i] as Question);
}

/** The question types and hop counts present, for the filter menus. */
export function selectionChoices(questions: readonly Question[]): { types: string[]; hops: number[] } {
  const types = [...new Set(questions.map((q) => q.type ?? 'untyped'))].sort();
  const hops = [...new Set(questions.map(hopCount).filter((h): h is number => h !== undefined))].sort((a, b) => a - b);
  return { types, hops };
}
