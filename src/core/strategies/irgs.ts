// Iter-RetGen / IRGS (Shao et al., 2023; BDTR Fig. 13): generate with the current context, then
// retrieve with question + generation. Iter-RetGen's next context is the new retrieval alone
// (`merge: 'replace'`, default); `merge: 'max'` accumulates with the Eq. 4 update instead.
import { z } from 'zod';
import { answerStep } from './answer.ts';
import type { Run } from './context.ts';
import { commonOptions, count, readerCount, type OptionsOf } from './options.ts';
import { mergeRound, replaceRound, ScorePool } from './pool.ts';
import { shouldStop, stopOption } from './stopping.ts';
import { defineStrategy } from './descriptor.ts';

const irgsOptions = {
  ...commonOptions,
  rounds: count(2),
  merge: z.enum(['replace', 'max']).default('replace'),
  ...stopOption,
};
export type IrgsOptions = OptionsOf<typeof irgsOptions>;

async function runIrgs(run: Run, o: IrgsOptions): Promise<void> {
  const p = run.prompts.irgs;
  const q = run.question.question;
  run.recorder.startRound(0);
  const pool = new ScorePool();
  mergeRound(run, pool, [await run.retrieve(q, 'question', o.depth)], o.normalize);
  const queries: string[] = [];
  for (let round = 1; round <= o.rounds; round++) {
    run.checkAbort();
    run.recorder.startRound(round);
    const shown = run.passagesOf(pool.ranking(), o.contextTop);
    const generation = p.parse(await run.prompt(p, shown, q, shown)).text;
    run.recorder.add({ type: 'thought', kind: 'cot', text: generation });
    const query = `${q} ${generation}`;
    const results = await run.retrieve(query, 'question+generation', o.depth);
    const before = pool.ranking();
    if (o.merge === 'replace') replaceRound(run, pool, results, o.normalize);
    else mergeRound(run, pool, [results], o.normalize);
    const earlier = [q, ...queries];
    const outcome = { before, after: pool.ranking(), queries: [query], earlier, contextTop: o.contextTop };
    if (await shouldStop(run, o, round, outcome)) break;
    queries.push(query);
  }
  if (o.answer) await answerStep(run, pool.ranking(), readerCount(o.readerTop, pool.size));
}

export const irgs = defineStrategy({
  name: 'irgs',
  title: 'IRGS',
  label: 'IRGS (Iter-RetGen)',
  explanation:
    'Iterative Retrieval-Generation Synergy (Iter-RetGen): the LLM drafts an answer with its reasoning, and the draft is the next query (with the question). The next context is the new retrieval alone (merge "max" accumulates instead).',
  paper: 'Iter-RetGen (Shao et al., 2023); prompt BDTR paper Fig. 13',
  kind: 'method',
  rounds: {
    first: 0,
    round: "round 0 is the question's retrieval; round R retrieves with the question and the R-th generation",
  },
  options: irgsOptions,
  prompts: ['irgs', 'answer'],
  offline: 'offline-thinker.ts: irgs.generate, answer',
  route: { calls: 3, description: 'IRGS: generate a draft answer, retrieve again with question + draft' },
  run: (run, o) => runIrgs(run, o as IrgsOptions),
});
