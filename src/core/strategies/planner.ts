// The planner (paper 004, "When Iterative RAG Beats Ideal Evidence", Method Summary and "Critical
// path"): the training-free controller of the study's iterative regime.
//   step 1        retrieve the top 10 for the question
//   each step     context manager: the 10 current passages + up to 2 best passages of earlier steps;
//                 the planner writes a partial answer, then the next sub-query or FINALIZE with a
//                 sufficiency score in [0, 1]; a sub-query is the next step's retrieval
//   at most 5 steps, then a conservative composer answers from the last context with citations.
// Every step is a `plan` event (partial answer, action, sub-query, sufficiency, the anchors the model
// named (`declared`) and those the sub-query really carries (`anchors`)). The prompts are ours (the paper prints none).
import { z } from 'zod';
import type { Ranked } from '../types.ts';
import { composeStep } from './answer.ts';
import type { Run } from './context.ts';
import { count, readerCount, type OptionsOf } from './options.ts';
import { mergeRound, NORMALIZATIONS, normalizeScores, ScorePool } from './pool.ts';
import type { PlanHistory } from './prompt-port.ts';
import { defineStrategy } from './descriptor.ts';

const plannerOptions = {
  /** Most steps (paper 004: "max 5 retrieval steps"). */
  rounds: count(5),
  /** Passages each (sub-)query retrieves and shows (paper 004: top 10 per step). */
  depth: count(10),
  /** Best passages of earlier steps kept beside the current ones (paper 004: "up to 2"). */
  carry: z.number().int().min(0).default(2),
  /** Score normalisation of each retrieval (ranks earlier passages for the carry, and the recorded pool). */
  normalize: z.enum(NORMALIZATIONS).default('minmax'),
  /** Run the composer (the final answer with citations). */
  answer: z.boolean().default(true),
  /** Reader budget of the composer: 'all' reads the last step's whole context (paper 004), N its top N. */
  readerTop: z.union([z.number().int().min(1), z.literal('all')]).default('all'),
};
export type PlannerOptions = OptionsOf<typeof plannerOptions>;

/** The anchors the model named that the sub-query really carries (case-insensitive). */
export function carriedAnchors(anchors: readonly string[], subquery: string): string[] {
  const q = subquery.toLowerCase();
  return anchors.filter((a) => a !== '' && q.includes(a.toLowerCase()));
}

async function runPlanner(run: Run, o: PlannerOptions): Promise<void> {
  const q = run.question.question;
  const { recorder } = run;
  const pool = new ScorePool();
  const history: PlanHistory[] = [];
  /** Passage id -> best normalised score it had in an earlier step's retrieval. */
  const earlier = new Map<string, number>();
  let query = q;
  let context: Ranked[] = [];
  for (let step = 1; step <= o.rounds; step++) {
    run.checkAbort();
    recorder.startRound(step);
    const results = await run.retrieve(query, step === 1 ? 'question' : 'subquery', o.depth);
    mergeRound(run, pool, [results], o.normalize);
    const current = normalizeScores(results.slice(0, o.depth), o.normalize);
    const inCurrent = new Set(current.map((r) => r.id));
    const carried = [...earlier]
      .filter(([id]) => !inCurrent.has(id))
      .sort((a, b) => b[1] - a[1])
      .slice(0, o.carry)
      .map(([id, score]) => ({ id, score }));
    context = [...current, ...carried];
    const p = run.prompts.planner;
    const shown = context.map((r) => run.passage(r.id));
    const plan = p.parse(await run.prompt(p, context, q, shown, history, step, o.rounds));
    const capped = plan.action === 'continue' && step === o.rounds;
    if (capped)
      recorder.add({
        type: 'warning',
        module: p.module,
        message: `step cap reached: the planner asked to continue at step ${step} of ${o.rounds}; finalizing`,
      });
    const subquery = plan.action === 'continue' && !capped ? plan.subquery : undefined;
    recorder.add({
      type: 'plan',
      step,
      action: subquery === undefined ? 'finalize' : 'continue',
      partialAnswer: plan.partialAnswer,
      ...(subquery !== undefined ? { subquery } : {}),
      sufficiency: plan.sufficiency,
      anchors: subquery === undefined ? [] : carriedAnchors(plan.anchors, subquery),
      declared: plan.anchors.filter((a) => a !== ''),
    });
    for (const r of current) earlier.set(r.id, Math.max(earlier.get(r.id) ?? -Infinity, r.score));
    history.push({ step, query, partialAnswer: plan.partialAnswer });
    if (subquery === undefined) break;
    query = subquery;
  }
  const partials = history.map((h) => h.partialAnswer);
  if (o.answer) await composeStep(run, context.slice(0, readerCount(o.readerTop, context.length)), partials);
}

export const planner = defineStrategy({
  name: 'planner',
  title: 'Planner',
  label: 'Planner (partial answer + sub-query per step, composer)',
  explanation:
    'A training-free controller: each step writes a partial answer, then the next sub-query or FINALIZE with a sufficiency score; each sub-query retrieves its top 10, shown with the 2 best passages of earlier steps; a conservative composer answers with citations. The prompts are ours (the paper prints none).',
  paper: 'paper 004 (When Iterative RAG Beats Ideal Evidence), Method Summary',
  kind: 'method',
  rounds: {
    first: 1,
    round: "round 0 is step 1's retrieval with the question (trace round 1); round R is step R+1's, with its sub-query",
  },
  options: plannerOptions,
  prompts: ['planner', 'composer'],
  reader: 'composer',
  offline: 'offline-thinker-planner.ts',
  run: (run, o) => runPlanner(run, o as PlannerOptions),
});
