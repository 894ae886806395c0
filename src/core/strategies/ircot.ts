// IRCoT (Trivedi et al., 2022, arXiv 2212.10509; step prompt BDTR Fig. 10) as IRCoT does it:
//   - retrieve K paragraphs with the question; they start the collected set;
//   - each step shows the model every collected paragraph (collection order) and the CoT so far; the
//     FIRST SENTENCE of the reply is the new CoT sentence and the next query (the prompt's parse cuts it);
//   - "So the answer is:" anywhere in the reply ends the loop (or `rounds` steps, BDTR's R = 2);
//   - each step's top-K paragraphs not yet collected join the set, at most `maxParagraphs` (15 in IRCoT);
//   - the reader reads the collected paragraphs (readerTop 'all'), not the top 5 of a merged pool.
// The `pool` event ranks the collected paragraphs by their best per-retrieval min-max score (Eq. 4),
// so Recall@k compares with the other strategies; IRCoT itself treats them as a set.
import type { Run } from './context.ts';
import { commonOptions, count, readerTopOption, type OptionsOf } from './options.ts';
import { defineStrategy } from './descriptor.ts';
import { normalizeScores, ScorePool } from './pool.ts';
import type { Ranked } from '../types.ts';
import { stopOption } from './stopping.ts';
import { stepLoop } from './stepwise.ts';

// No contextTop: IRCoT shows the model the whole collection.
const { contextTop: _unused, ...common } = commonOptions;
const ircotOptions = {
  ...common,
  /** Steps after the question's retrieval (BDTR's setting R = 2 for every iterative strategy). */
  rounds: count(2),
  /** IRCoT's K: paragraphs each retrieval adds (IRCoT tunes K in {2, 4, 6, 8}; 5 matches the others' top-5). */
  stepK: count(5),
  /** Cap on the collected paragraphs (IRCoT: 15). */
  maxParagraphs: count(15),
  ...stopOption,
  /** The reader reads the whole collection (at most maxParagraphs), as IRCoT's reader does. */
  readerTop: readerTopOption('all'),
};
export type IrcotOptions = OptionsOf<typeof ircotOptions>;

async function runIrcot(run: Run, o: IrcotOptions): Promise<void> {
  const collected: string[] = [];
  const pool = new ScorePool();
  const add = (results: readonly Ranked[]) => {
    const normalised = normalizeScores(results, o.normalize);
    for (const r of normalised.slice(0, o.stepK)) {
      if (collected.length >= o.maxParagraphs) break;
      if (!collected.includes(r.id)) collected.push(r.id);
    }
    // A what-if branch's removal or insertion (src/core/whatif): the collection and the pool take it as the shared pool does.
    const whatif = run.ctx.whatif;
    if (whatif)
      collected.splice(0, collected.length, ...whatif.order(run.recorder.round, collected).slice(0, o.maxParagraphs));
    const inSet = new Set(collected);
    pool.merge(normalised.filter((r) => inSet.has(r.id))); // Eq. 4 over the collected set only
    whatif?.pool(run.recorder.round, pool);
    run.recorder.add({ type: 'pool', pool: pool.resort() });
  };
  // the stop check's sufficiency prompt sees the pool's top 5
  await stepLoop(run, o, 'ircot', 'cot', { pool, add, shown: () => collected.map((id) => run.passage(id)) }, 5);
}

export const ircot = defineStrategy({
  name: 'ircot',
  title: 'IRCoT',
  label: 'IRCoT (CoT sentence per step)',
  explanation:
    'Interleaving Retrieval with Chain-of-Thought: after each retrieval the LLM writes one more reasoning sentence, which becomes the next query. The question\'s top K start a collected set; each step shows the model the whole collection and keeps the first sentence of its reply; "So the answer is:" anywhere stops; the reader reads the collection.',
  paper: 'IRCoT (Trivedi et al., 2022); step prompt BDTR paper Fig. 10',
  kind: 'method',
  rounds: {
    first: 0,
    round: "round 0 is the question's retrieval; round R retrieves with the R-th chain-of-thought sentence",
  },
  decidesStop: true,
  options: ircotOptions,
  prompts: ['ircot', 'answer'],
  offline: 'offline-thinker.ts: ircot.step, answer',
  route: { calls: 3, description: 'IRCoT: interleave reasoning sentences and retrievals, one hop at a time' },
  run: (run, o) => runIrcot(run, o as IrcotOptions),
});
