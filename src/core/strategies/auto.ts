// `auto`: the complexity router of router.ts picks static, IRCoT, IRGS or BDTR per question from
// features available before any LLM call, records the decision (a `thought` of kind `route` with the
// features, plus the fitted parameters in trace.options), then runs the chosen strategy's body on the
// same trace, so the final context and answer are exactly that strategy's.
import { z } from 'zod';
import { NORMALIZATIONS } from './pool.ts';
import type { Run } from './context.ts';
import type { MemberRunner } from './members.ts';
import { count, type OptionsOf } from './options.ts';
import { ROUTER_PARAMS } from './router-params.ts';
import { ROUTE_CHOICES, route, routeFeatures } from './router.ts';

export const autoOptions = {
  depth: count(50),
  answer: z.boolean().default(true),
  /** Reader budget for the chosen strategy; absent = that strategy's own (paper) setting. */
  readerTop: z.union([z.number().int().min(1), z.literal('all')]).optional(),
  normalize: z.enum(NORMALIZATIONS).optional(),
  /** The fitted rule (router-params.ts); recorded so a trace says which router decided. */
  router: z
    .object({ comparison: z.enum(ROUTE_CHOICES), flatAt: z.number(), flat: z.enum(ROUTE_CHOICES), peaked: z.enum(ROUTE_CHOICES), fittedOn: z.string() })
    .default(ROUTER_PARAMS),
};
export type AutoOptions = OptionsOf<typeof autoOptions>;

export async function runAuto(run: Run, o: AutoOptions, member: MemberRunner): Promise<void> {
  const q = run.question.question;
  // The question's retrieval gives the score profile; the chosen strategy starts with the same query
  // (a memoised backbone serves it once).
  const base = await run.retrieve(q, 'route', o.depth);
  const features = routeFeatures(q, base);
  const { choice, why } = route(features, o.router);
  run.recorder.add({ type: 'thought', kind: 'route', text: `route: ${choice} | ${why} | features ${JSON.stringify(features)}` });
  const raw: Record<string, unknown> = { depth: o.depth, answer: o.answer };
  if (o.readerTop !== undefined) raw.readerTop = o.readerTop;
  if (o.normalize !== undefined) raw.normalize = o.normalize;
  await member(choice, run, raw);
}
