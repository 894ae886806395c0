// The `auto` strategy's complexity router (BDTR open questions 2 and 3): a per-question choice among
// static retrieval, IRCoT, IRGS and BDTR from features available BEFORE any LLM call — the question's
// wording (comparison cues, entity count, length) and the base retriever's score profile for the
// question. The rule's thresholds and choices are fitted offline on the first half of each question set
// (scripts/fit-router.ts writes router-params.ts); gold data never enters a run.
import type { Ranked } from '../types.ts';

export const ROUTE_CHOICES = ['static', 'ircot', 'irgs', 'bdtr'] as const;
export type RouteChoice = (typeof ROUTE_CHOICES)[number];

export interface RouteFeatures {
  /** Comparison wording: "A or B?", "both", "same", "which ... first/older/...", "more/less ... than". */
  comparison: boolean;
  /** Capitalised phrases (names) in the question, the first word excluded. */
  entities: number;
  /** Content words in the question. */
  words: number;
  /** Raw score of the question's 2nd / 1st passage (1 = flat head, small = one clear winner). */
  ratio2: number;
  /** Raw score of the 5th / 1st passage. */
  ratio5: number;
}

const COMPARISON = [
  /,\s*[^,?]+\s+or\s+[^,?]+\?$/i, // "..., A or B?"
  /\bwhich\b.*\b(first|earlier|later|older|younger|longer|shorter|larger|smaller|bigger|higher|lower|more|less|fewer)\b/i,
  /\b(both|same|either|neither)\b/i,
  /\b(more|less|fewer|older|younger|earlier|later)\b.*\bthan\b/i,
  /^(are|were|is|was|do|did|does)\b.*\b(both|same|and)\b/i,
];

export function isComparison(question: string): boolean {
  return COMPARISON.some((re) => re.test(question.trim()));
}

/** Capitalised phrases after the first word ("Who directed Film One?" -> 1: "Film One"). */
export function entityCount(question: string): number {
  const words = question.replace(/[?!.,;:"()]/g, ' ').split(/\s+/).filter(Boolean).slice(1);
  let n = 0;
  let inside = false;
  for (const w of words) {
    const cap = /^[\p{Lu}\d]/u.test(w);
    if (cap && !inside) n++;
    inside = cap || (inside && /^(of|de|von|van)$/i.test(w));
  }
  return n;
}

const ratio = (scores: readonly number[], i: number) => {
  const top = scores[0] ?? 0;
  const s = scores[i] ?? 0;
  return top > 0 ? Math.max(0, Math.min(1, s / top)) : 1;
};

export function routeFeatures(question: string, base: readonly Ranked[]): RouteFeatures {
  const scores = base.map((r) => r.score);
  return {
    comparison: isComparison(question),
    entities: entityCount(question),
    words: (question.match(/[\p{L}\p{N}]+/gu) ?? []).length,
    ratio2: ratio(scores, 1),
    ratio5: ratio(scores, 4),
  };
}

/** The fitted rule: comparison questions -> `comparison`; else a flat score head (ratio2 >= flatAt) -> `flat`; else `peaked`. */
export interface RouterParams {
  comparison: RouteChoice;
  /** Threshold on ratio2 for the non-comparison questions. */
  flatAt: number;
  flat: RouteChoice;
  peaked: RouteChoice;
  /** How the parameters were obtained (recorded in the trace). */
  fittedOn: string;
}

export function route(f: RouteFeatures, p: RouterParams): { choice: RouteChoice; why: string } {
  if (f.comparison) return { choice: p.comparison, why: 'comparison wording' };
  if (f.ratio2 >= p.flatAt) return { choice: p.flat, why: `flat score head (ratio2 ${f.ratio2.toFixed(3)} >= ${p.flatAt})` };
  return { choice: p.peaked, why: `peaked score head (ratio2 ${f.ratio2.toFixed(3)} < ${p.flatAt})` };
}
