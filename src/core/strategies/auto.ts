// `auto`: the complexity router of router.ts picks a strategy per question, records the decision (a
// `thought` of kind `route` with the features, plus the router in trace.options), then runs the chosen
// strategy's body on the same trace, so the final context and answer are exactly that strategy's.
// decide = "rule": the fitted decision tree, from features available before any LLM call.
// decide = "llm": the LLM's own judgment (prompt auto-route.ts, one extra call) among `routes`.
import { z } from 'zod';
import { NORMALIZATIONS } from './pool.ts';
import type { Run } from './context.ts';
import { count, type OptionsOf } from './options.ts';
import type { RouteOption } from './prompt-port.ts';
import { ROUTER_PARAMS } from './router-params.ts';
import { ROUTE_CHOICES, route, routeFeatures, routerParamsSchema, type RouteChoice } from './router.ts';
import { defineStrategy, flatten, type MemberRunner } from './descriptor.ts';
import { METHODS } from './methods.ts';
import { staticRetrieval } from './static.ts';
import { ircot } from './ircot.ts';
import { irgs } from './irgs.ts';
import { bdtr } from './bdtr.ts';

/** What the LLM judgment's menu says of each route (each route's descriptor says it of itself). */
export const ROUTE_MENU = Object.fromEntries(
  flatten(METHODS).flatMap((d) => (d.route ? [[d.name, d.route]] : [])),
) as Record<RouteChoice, Omit<RouteOption, 'name'>>;

const autoOptions = {
  depth: count(50),
  answer: z.boolean().default(true),
  /** Reader budget for the chosen strategy; absent = that strategy's own (paper) setting. */
  readerTop: z.union([z.number().int().min(1), z.literal('all')]).optional(),
  normalize: z.enum(NORMALIZATIONS).optional(),
  /** Who decides: the fitted rule (no LLM call) or the LLM's own judgment (one call). */
  decide: z.enum(['rule', 'llm']).default('rule'),
  /** The routes the LLM judgment may pick (the four by default). */
  routes: z.array(z.enum(ROUTE_CHOICES)).min(2).default([staticRetrieval.name, ircot.name, irgs.name, bdtr.name]),
  /** Titles of the base retriever's top passages shown to the LLM judgment. */
  routeTitles: count(5),
  /** The fitted rule (router-params.ts); recorded so a trace says which router decided. */
  router: routerParamsSchema.default(ROUTER_PARAMS),
};
export type AutoOptions = OptionsOf<typeof autoOptions>;

async function llmChoice(
  run: Run,
  o: AutoOptions,
  base: Awaited<ReturnType<Run['retrieve']>>,
): Promise<{ choice: RouteChoice; why: string } | undefined> {
  const p = run.prompts.route;
  const menu = o.routes.map((name) => ({ name, ...ROUTE_MENU[name] }));
  const shown = run.passagesOf(base, o.routeTitles);
  const titles = shown.map((s) => s.title);
  const reply = await run.prompt(p, shown, run.question.question, menu, titles);
  try {
    const out = p.parse(reply, o.routes);
    return { choice: out.route as RouteChoice, why: `LLM judgment: ${out.reason || '(no reason given)'}` };
  } catch (e) {
    // An unreadable reply does not fail the question: the fitted rule decides, and the trace says so.
    run.recorder.add({
      type: 'warning',
      module: p.module,
      message: `route reply unreadable (${e instanceof Error ? e.message : String(e)}); the fitted rule decided`,
    });
    return undefined;
  }
}

async function runAuto(run: Run, o: AutoOptions, member: MemberRunner): Promise<void> {
  const q = run.question.question;
  // The question's retrieval gives the score profile; the chosen strategy starts with the same query
  // (a memoised backbone serves it once).
  const base = await run.retrieve(q, 'route', o.depth);
  const features = routeFeatures(q, base);
  const judged = o.decide === 'llm' ? await llmChoice(run, o, base) : undefined;
  const { choice, why } = judged ?? route(features, o.router);
  run.recorder.add({
    type: 'thought',
    kind: 'route',
    text: `route: ${choice} | ${why} | features ${JSON.stringify(features)}`,
  });
  const raw: Record<string, unknown> = { depth: o.depth, answer: o.answer };
  if (o.readerTop !== undefined) raw.readerTop = o.readerTop;
  if (o.normalize !== undefined) raw.normalize = o.normalize;
  await member(choice, run, raw);
}

export const auto = defineStrategy({
  name: 'auto',
  title: 'auto (router)',
  label: 'auto: router picks static / IRCoT / IRGS / BDTR',
  term: 'auto',
  explanation:
    "A complexity router: per question it picks one strategy from its route menu (static, IRCoT, IRGS, BDTR by default), either by a decision tree over features known before any LLM call (the question's wording, the base retriever's score profile), fitted on the first halves of the question sets, or by the LLM's own judgment (decide: llm, one call); then that strategy runs on the same trace.",
  paper: 'BDTR paper open questions 2-3 (summary 001); ours',
  kind: 'composite',
  rounds: { first: 'member', round: "the chosen strategy's rounds" },
  options: autoOptions,
  prompts: ['route', 'dualThought', 'reasoningChain', 'verifier', 'ircot', 'irgs', 'tog', 'gcot', 'answer'],
  offline: "offline-thinker-route.ts (the LLM judgment's wording heuristic), then the chosen route's replies",
  run: (run, o, member) => runAuto(run, o as AutoOptions, member),
});
