// BDTR (Bridge-Guided Dual-Thought-based Retrieval), BDTR paper Algorithm 1, Eq. 1-6:
//   line 1        P_0 = f_ret(Q)                                   (Eq. 1)
//   lines 2-6     R rounds: fast + slow thought (Fig. 8) from the current pool, both retrieved (Eq. 2),
//                 P_t = P_{t-1} ∪ D_FT ∪ D_ST with the max-score update, re-sorted (Eq. 3-4)   = DTR
//   line 7        reasoning chain RC from P_R
//   line 8        verifier over the top-30 of P_R (Fig. 9), G = selected documents          (Eq. 5)
//   line 9        promote G to the top of P_R in the verifier's order
//   lines 10-11   mu + sigma of the top-50 scores; D_final = G, then s(d) >= mu + sigma, at least 5 (Eq. 6) = BGEC
//                 (G is never cut: see calibrate.ts for how we read lines 9-11)
// Ablations: `dtr: false` (BGEC only, over P_0) and `bgec: false` (DTR only: the final context is
// P_R). Eq. 4 takes the max of raw ŝ(d|q). `normalize` unset follows the backbone, as for every strategy that
// merges several queries' scores (descriptor.ts parse, pool.ts normalizationFor): raw over HippoRAG 2, whose
// PPR mass is comparable across queries, min-max over BM25, RAPTOR and GraphRAG, whose scores have a scale
// per query. Min-max over PPR lifts each thought's top passages to 1.0 and pushes the question's own gold
// at ranks 2-5 out of the top 5 (pool.ts).
import { z } from 'zod';
import { answerStep } from './answer.ts';
import { cutoff, promote } from './calibrate.ts';
import type { Run } from './context.ts';
import { commonOptions, count, readerCount, readerTopOption, type OptionsOf } from './options.ts';
import { defineStrategy } from './descriptor.ts';
import { mergeRound, NORMALIZATIONS, normalizationFor, ScorePool } from './pool.ts';
import type { DualThought } from './prompt-port.ts';
import { shouldStop, stopOption } from './stopping.ts';

const bdtrOptions = {
  ...commonOptions,
  /** 'minmax' normalises each retrieval before Eq. 4; unset, it follows the backbone (see the header). */
  normalize: z.enum(NORMALIZATIONS).optional(),
  /** R, the paper's default (the cap with an adaptive `stop`). */
  rounds: count(2),
  ...stopOption,
  /** Dual-Thought-based Retrieval (lines 2-6). */
  dtr: z.boolean().default(true),
  /** Bridge-Guided Evidence Calibration (lines 7-11). */
  bgec: z.boolean().default(true),
  /** Candidates shown to the verifier (Fig. 9: "Top-30 as currently ranked"). */
  verifierTop: count(30),
  /** Scores entering mu and sigma (Alg. 1 line 10: top-50). */
  cutoffTop: count(50),
  /** Eq. 6 safeguard: at least this many documents kept. */
  minKept: count(5),
  /** The paper's QA context is the whole cut set D_final. */
  readerTop: readerTopOption('all'),
};
export type BdtrOptions = OptionsOf<typeof bdtrOptions>;

async function runBdtr(run: Run, o: BdtrOptions): Promise<void> {
  const q = run.question.question;
  const { prompts, recorder } = run;
  run.recorder.startRound(0);
  const normalize = o.normalize ?? normalizationFor(run.ctx.retriever); // resolved by parse in every host
  const pool = new ScorePool();
  mergeRound(run, pool, [await run.retrieve(q, 'question', o.depth)], normalize); // Eq. 1

  const thoughts: DualThought[] = [];
  if (o.dtr) {
    for (let round = 1; round <= o.rounds; round++) {
      run.checkAbort();
      recorder.startRound(round);
      const shown = run.passagesOf(pool.ranking(), o.contextTop);
      const thought = prompts.dualThought.parse(await run.prompt(prompts.dualThought, shown, q, shown, thoughts));
      thoughts.push(thought);
      recorder.add({ type: 'thought', kind: 'fast', text: thought.fast });
      recorder.add({ type: 'thought', kind: 'slow', text: thought.slow });
      const fast = await run.retrieve(thought.fast, 'fast', o.depth); // Eq. 2
      const slow = await run.retrieve(thought.slow, 'slow', o.depth);
      const before = pool.ranking();
      mergeRound(run, pool, [fast, slow], normalize); // Eq. 3-4, re-sorted
      const earlier = [q, ...thoughts.slice(0, -1).flatMap((t) => [t.fast, t.slow])];
      const queries = [thought.fast, thought.slow];
      const outcome = { before, after: pool.ranking(), queries, earlier, contextTop: o.contextTop };
      if (await shouldStop(run, o, round, outcome)) break;
    }
  }

  let context = pool.ranking();
  if (o.bgec) {
    run.checkAbort();
    const chainShown = run.passagesOf(context, o.contextTop);
    const rc = prompts.reasoningChain;
    const chain = rc.parse(await run.prompt(rc, chainShown, q, chainShown, thoughts));
    recorder.add({ type: 'thought', kind: 'reasoning-chain', text: chain.text });

    run.checkAbort();
    const candidates = context.slice(0, o.verifierTop);
    const v = prompts.verifier;
    const shown = run.passagesOf(candidates, candidates.length);
    const selection = v.parse(await run.prompt(v, candidates, chain.text, shown), candidates.length);
    // An invalid index is the verifier's slip, not the question's failure: keep the valid ones, say what was dropped.
    if (selection.dropped.length > 0)
      recorder.add({
        type: 'warning',
        module: v.module,
        message: `dropped ${selection.dropped.length} invalid covered_doc_indices: ${selection.dropped.join('; ')}`,
      });
    const selected = selection.indices.map((i) => candidates[i]!.id); // Eq. 5
    recorder.add({ type: 'verify', candidates: candidates.map((c) => c.id), selected });

    const promoted = promote(context, selected); // line 9: G on top, every document keeps its own score
    recorder.add({ type: 'promote', moves: promoted.moves });
    const promotedOrder = promoted.ranking.map((r) => r.id);
    recorder.add({ type: 'pool', pool: pool.reorder(promotedOrder, new Map()) });

    // lines 10-11, Eq. 6: mu, sigma over P_R's own top-50 scores; D_final = G + passers (calibrate.ts)
    const { mu, sigma, threshold, kept } = cutoff(context, o.cutoffTop, o.minKept, promoted.promoted);
    recorder.add({ type: 'cutoff', mu, sigma, threshold, kept: kept.map((r) => r.id) });
    context = kept;
  }
  if (o.answer) await answerStep(run, context, readerCount(o.readerTop, context.length));
}

const shared = {
  kind: 'method',
  term: 'BDTR',
  run: (run: Run, o: Record<string, unknown>) => runBdtr(run, o as BdtrOptions),
} as const;

/** DTR only (BDTR ablation): the final context is P_R, and the reader takes its top 5 (no cut defines a smaller one). */
const bdtrDtr = defineStrategy({
  ...shared,
  name: 'bdtr-dtr',
  title: 'BDTR-DTR',
  label: 'BDTR-DTR (dual thought only)',
  explanation:
    "BDTR's ablation without calibration: the rounds of fast and slow thoughts (Dual-Thought Retrieval, Eq. 1-4) alone; the final context is the pool P_R, no reasoning chain, no verifier, no cut; the reader reads its top 5.",
  paper: 'BDTR paper App. A.5, Table 5 (DTR only); Algorithm 1 lines 1-6',
  // rounds: BDTR's (an ablation takes its parent's)
  options: { ...bdtrOptions, readerTop: readerTopOption(5) },
  fixed: { dtr: true, bgec: false },
  prompts: ['dualThought', 'answer'],
  offline: 'offline-thinker.ts: bdtr.dual-thought, answer',
  route: { calls: 3, description: 'BDTR thoughts only (direct and bridge queries), no verification' },
});

/** BGEC only (BDTR ablation): one retrieval, then the reasoning chain, verifier and cut over P_0. */
export const bdtrBgec = defineStrategy({
  ...shared,
  name: 'bdtr-bgec',
  title: 'BDTR-BGEC',
  label: 'BDTR-BGEC (verifier only)',
  explanation:
    "BDTR's ablation without thought rounds: one retrieval with the question (P_0), then Bridge-Guided Evidence Calibration: a reasoning chain, the verifier promotes the passages that support it, and the μ+σ cut (Eq. 5-6); the reader reads the whole cut set.",
  paper: 'BDTR paper App. A.5, Table 5 (BGEC only); Algorithm 1 lines 7-11',
  rounds: {
    first: 0,
    round: "round 0 is the question's retrieval, the only one (no thought rounds): @R past 0 is not applied",
  },
  options: bdtrOptions,
  fixed: { dtr: false, bgec: true },
  prompts: ['reasoningChain', 'verifier', 'answer'],
  offline: 'offline-thinker.ts: bdtr.reasoning-chain, bdtr.verifier, answer',
  route: { calls: 3, description: 'one retrieval, then a reasoning chain verifies and promotes evidence' },
});

export const bdtr = defineStrategy({
  ...shared,
  name: 'bdtr',
  title: 'BDTR',
  label: 'BDTR (dual thought + verifier)',
  explanation:
    'Bridge-guided Dual-Thought Retrieval: each round writes a fast thought (what is missing) and a slow thought (which entity bridges to it), retrieves for both, then a verifier promotes the passages that support a reasoning chain and a μ+σ cut keeps the strongest.',
  paper: 'BDTR paper §3, Algorithm 1, Eq. 1-6, prompts Fig. 8-9',
  rounds: {
    first: 0,
    round:
      "round 0 is the question's retrieval; round R retrieves for the R-th fast and slow thoughts, merged (before the verifier)",
  },
  options: bdtrOptions,
  prompts: ['dualThought', 'reasoningChain', 'verifier', 'answer'],
  offline: 'offline-thinker.ts: bdtr.dual-thought, bdtr.reasoning-chain, bdtr.verifier, answer',
  route: {
    calls: 5,
    description:
      'BDTR: two thoughts per round (direct and bridge), then a reasoning chain verifies and promotes evidence',
  },
  variants: [bdtrDtr, bdtrBgec],
});
