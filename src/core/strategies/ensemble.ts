// `ensemble`: the BDTR paper's complementarity finding (Fig. 3: strategies solve different questions)
// put to work. Each member strategy runs on its own recorder (its events are then copied into this
// trace, each member announced by a `thought` of kind `member`); the members' final contexts are fused
// with reciprocal rank fusion (k = 60, Cormack et al. 2009; rrf.ts) and the reader reads the top of
// the fused ranking. A member's Eq. 6 cut is copied as a `thought` of kind `member-cutoff` plus a `pool`
// event of its final context, so that the only ranking the trace ends with is the fused one.
import { z } from 'zod';
import { rrf } from '../retrievers/rrf.ts';
import { traceRanking } from '../trace/fold.ts';
import { TraceRecorder, type EventBody } from '../trace/recorder.ts';
import type { TraceEvent } from '../trace/schema.ts';
import type { Ranked } from '../types.ts';
import { answerStep } from './answer.ts';
import { createRun, type Run } from './context.ts';
import { count, readerCount, readerTopOption, type OptionsOf } from './options.ts';
import { bdtr, bdtrBgec } from './bdtr.ts';
import { defineStrategy, type MemberRunner } from './descriptor.ts';
import { ROUTE_CHOICES } from './router.ts';
import { NORMALIZATIONS, ScorePool } from './pool.ts';

const ensembleOptions = {
  /**
   * Strategies whose final contexts are fused (the routable methods, those on auto's route menu). Default:
   * the pair whose RRF fused best on the first halves (first 100 of the first 200 questions of each set,
   * offline thinker over hipporag2; mean R@5 of RRF(A, B) 0.751 for BDTR + BDTR-BGEC, 0.748 for IRCoT +
   * BDTR; scripts/fit-router.ts pairs).
   */
  members: z.array(z.enum(ROUTE_CHOICES)).min(2).default([bdtr.name, bdtrBgec.name]),
  /** RRF rank offset. */
  rrfK: z.number().min(0).default(60),
  depth: count(50),
  answer: z.boolean().default(true),
  /** Passages of the fused ranking the reader reads. */
  readerTop: readerTopOption(5),
  normalize: z.enum(NORMALIZATIONS).optional(),
};
export type EnsembleOptions = OptionsOf<typeof ensembleOptions>;

function copyEvent(run: Run, e: TraceEvent): void {
  run.recorder.round = e.round;
  const { t: _t, round: _round, ...body } = e;
  if (e.type === 'cutoff') {
    run.recorder.add({
      type: 'thought',
      kind: 'member-cutoff',
      text: `mu ${e.mu.toFixed(4)}, sigma ${e.sigma.toFixed(4)}, threshold ${e.threshold.toFixed(4)}; kept ${e.kept.join(', ')}`,
    });
  } else run.recorder.add(body as EventBody);
}

async function runEnsemble(run: Run, o: EnsembleOptions, member: MemberRunner): Promise<void> {
  const raw: Record<string, unknown> = { depth: o.depth, answer: false };
  if (o.normalize !== undefined) raw.normalize = o.normalize;
  const finals: Ranked[][] = [];
  let lastRound = 0;
  for (const [i, name] of o.members.entries()) {
    run.checkAbort();
    run.recorder.round = 0;
    run.recorder.add({ type: 'thought', kind: 'member', text: `member ${i + 1}/${o.members.length}: ${name}` });
    const recorder = new TraceRecorder({ ...(run.ctx.now ? { now: run.ctx.now } : {}) });
    const child = createRun(run.question, run.ctx, recorder, `ensemble.${name}`);
    try {
      await member(name, child, raw);
    } finally {
      for (const e of recorder.events) copyEvent(run, e); // a failing member's events are kept too
    }
    const final = traceRanking(recorder); // the Eq. 6 cut if any, else the last pool
    if (recorder.events.some((e) => e.type === 'cutoff')) {
      run.recorder.add({ type: 'pool', pool: final.map((r, j) => ({ ...r, rank: j + 1, delta: null })) });
    }
    finals.push(final);
    lastRound = Math.max(lastRound, run.recorder.round);
  }
  run.recorder.round = lastRound;
  const fused = rrf(finals, { k: o.rrfK });
  run.recorder.add({
    type: 'thought',
    kind: 'fusion',
    text: `RRF (k = ${o.rrfK}) of ${o.members.join(' + ')}: ${fused.length} passages`,
  });
  const pool = new ScorePool();
  pool.merge(fused);
  run.recorder.add({ type: 'pool', pool: pool.resort() });
  if (o.answer) await answerStep(run, fused, readerCount(o.readerTop, fused.length));
}

export const ensemble = defineStrategy({
  name: 'ensemble',
  title: 'ensemble (RRF)',
  label: 'ensemble: RRF of BDTR + BDTR-BGEC',
  term: 'ensemble',
  explanation:
    'Strategies solve different questions (BDTR Fig. 3), so this runs several on the same question (BDTR and BDTR-BGEC by default, the pair that fused best on the first halves), fuses their final contexts by reciprocal rank fusion (k = 60) and lets the reader read the top 5 of the fused ranking.',
  paper: 'BDTR paper Fig. 3 (complementarity); RRF (Cormack et al., 2009); ours',
  kind: 'composite',
  rounds: { first: 'member', round: "each member's rounds" },
  options: ensembleOptions,
  prompts: ['dualThought', 'reasoningChain', 'verifier', 'ircot', 'irgs', 'tog', 'gcot', 'answer'],
  offline: "the members' replies (offline-thinker.ts)",
  run: (run, o, member) => runEnsemble(run, o as EnsembleOptions, member),
});
