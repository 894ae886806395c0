// Answer metrics over a gold answer and its aliases (max over aliases).
//  EM and F1: the official HotpotQA evaluation script (hotpot_evaluate_v1.py), which is SQuAD v1.1
//    plus one rule: if either normalised side is "yes", "no" or "noanswer" and the two differ, F1 is 0
//    (SQuAD would give partial credit to "yes it is" vs "yes"). Both-empty F1 is 0 there too
//    (no common token); EM of two empty strings is 1.
//  Acc: DualRAG (paper 003, Appendix, Eq. 12): 1 if the normalised gold is a substring of the
//    normalised prediction. A gold alias that normalises to "" would be a substring of everything;
//    for such an alias Acc falls back to EM (matches only an empty prediction).
// An empty gold list has no defined score: MetricError (filter such questions out before scoring).
import { MetricError } from './errors.ts';
import { answerTokens, normalizeAnswer } from './normalize.ts';

const SPECIAL = new Set(['yes', 'no', 'noanswer']);

function best(metric: string, golds: readonly string[], score: (gold: string) => number): number {
  if (golds.length === 0)
    throw new MetricError(metric, 'no gold answers to compare with; a question without answers cannot be scored');
  return Math.max(0, ...golds.map(score));
}

export function exactMatch(prediction: string, golds: readonly string[]): number {
  const p = normalizeAnswer(prediction);
  return best('exactMatch', golds, (g) => (normalizeAnswer(g) === p ? 1 : 0));
}

function tokenF1(p: string, g: string): number {
  if ((SPECIAL.has(p) || SPECIAL.has(g)) && p !== g) return 0;
  const pt = answerTokens(p);
  const gt = answerTokens(g);
  const counts = new Map<string, number>();
  for (const t of gt) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of pt) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      same++;
      counts.set(t, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / pt.length;
  const recall = same / gt.length;
  return (2 * precision * recall) / (precision + recall);
}

export function f1(prediction: string, golds: readonly string[]): number {
  const p = normalizeAnswer(prediction);
  return best('f1', golds, (g) => tokenF1(p, normalizeAnswer(g)));
}

export function accuracy(prediction: string, golds: readonly string[]): number {
  const p = normalizeAnswer(prediction);
  return best('accuracy', golds, (g) => {
    const ng = normalizeAnswer(g);
    if (ng === '') return p === '' ? 1 : 0;
    return p.includes(ng) ? 1 : 0;
  });
}
