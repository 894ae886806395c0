// The `auto` strategy's complexity router (BDTR open questions 2 and 3): a per-question choice among
// static retrieval, IRCoT, IRGS, BDTR and the step-wise variants from features available BEFORE any LLM
// call — the question's wording (comparison and nesting cues, entity count, length) and the base
// retriever's score profile for the question. The rule is a small decision tree over those features,
// fitted offline on the first half of each question set (scripts/fit-router.ts writes router-params.ts);
// it has no dataset feature, and gold data never enters a run.
import { z } from 'zod';
import type { Ranked } from '../types.ts';
import { flatten } from './descriptor.ts';
import { METHODS, type MethodName } from './methods.ts';

export type RouteChoice = MethodName;
/** Strategies a route may lead to: the methods whose descriptor has a `route` entry (auto's menu). */
export const ROUTE_CHOICES = flatten(METHODS)
  .filter((d) => d.route)
  .map((d) => d.name as RouteChoice) as [RouteChoice, ...RouteChoice[]];

export interface RouteFeatures {
  /** Comparison wording: "A or B?", "both", "same", "which ... first/older/...", "more/less ... than". */
  comparison: boolean;
  /** Capitalised phrases (names) in the question, the first word excluded. */
  entities: number;
  /** Content words in the question. */
  words: number;
  /** Nesting cues: " of " and possessives ("the director of the film's ..." = 2): composed relations. */
  nested: number;
  /** Yes/no wording (starts with an auxiliary verb). */
  yesNo: boolean;
  /** Raw score of the question's 2nd / 1st passage (1 = flat head, small = one clear winner). */
  ratio2: number;
  /** Raw score of the 5th / 1st passage. */
  ratio5: number;
}
export const ROUTE_FEATURES = ['comparison', 'entities', 'words', 'nested', 'yesNo', 'ratio2', 'ratio5'] as const;
export type RouteFeature = (typeof ROUTE_FEATURES)[number];

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
  const words = question
    .replace(/[?!.,;:"()]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .slice(1);
  let n = 0;
  let inside = false;
  for (const w of words) {
    const cap = /^[\p{Lu}\d]/u.test(w);
    if (cap && !inside) n++;
    inside = cap || (inside && /^(of|de|von|van)$/i.test(w));
  }
  return n;
}

/** " of " and possessive markers: each composes one more relation ("the mother of the director of X"). */
export function nestingCount(question: string): number {
  return (question.match(/\bof\b/gi) ?? []).length + (question.match(/\w['’]s?\b(?!\w)/g) ?? []).length;
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
    nested: nestingCount(question),
    yesNo: /^(are|were|is|was|do|did|does|has|have|had|can|could)\b/i.test(question.trim()),
    ratio2: ratio(scores, 1),
    ratio5: ratio(scores, 4),
  };
}

/** A decision tree: a leaf names the route; an inner node sends feature < at to `below`, else `above`. */
export type RouteNode =
  { leaf: RouteChoice } | { feature: RouteFeature; at: number; below: RouteNode; above: RouteNode };

const routeNodeSchema: z.ZodType<RouteNode> = z.lazy(() =>
  z.union([
    z.object({ leaf: z.enum(ROUTE_CHOICES) }).strict(),
    z
      .object({ feature: z.enum(ROUTE_FEATURES), at: z.number(), below: routeNodeSchema, above: routeNodeSchema })
      .strict(),
  ]),
);

export interface RouterParams {
  tree: RouteNode;
  /** How the tree was obtained (recorded in the trace). */
  fittedOn: string;
}
export const routerParamsSchema = z.object({ tree: routeNodeSchema, fittedOn: z.string() }).strict();

const value = (f: RouteFeatures, k: RouteFeature) => Number(f[k]);
const fmt = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(3));

/** Walks the tree; `why` lists the tests on the way ("comparison >= 1, ratio2 0.412 < 0.93"). */
export function route(f: RouteFeatures, p: RouterParams): { choice: RouteChoice; why: string } {
  const tests: string[] = [];
  let node = p.tree;
  while (!('leaf' in node)) {
    const v = value(f, node.feature);
    const below = v < node.at;
    tests.push(`${node.feature} ${fmt(v)} ${below ? '<' : '>='} ${fmt(node.at)}`);
    node = below ? node.below : node.above;
  }
  return { choice: node.leaf, why: tests.length ? tests.join(', ') : 'single route' };
}
