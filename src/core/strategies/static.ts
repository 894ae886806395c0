// Static retrieval: one retrieval with the question (BDTR Eq. 1 alone), then the answer step.
import type { Run } from './context.ts';
import { answerStep } from './answer.ts';
import { commonOptions, readerCount, type OptionsOf } from './options.ts';
import { mergeRound, ScorePool } from './pool.ts';
import { defineStrategy } from './descriptor.ts';

const staticOptions = { ...commonOptions };
export type StaticOptions = OptionsOf<typeof staticOptions>;

async function runStatic(run: Run, o: StaticOptions): Promise<void> {
  run.recorder.startRound(0);
  const pool = new ScorePool();
  mergeRound(run, pool, [await run.retrieve(run.question.question, 'question', o.depth)], o.normalize);
  if (o.answer) await answerStep(run, pool.ranking(), readerCount(o.readerTop, pool.size));
}

/** What the three share: one retrieval (so @R past 0 is not applied), the same options and body. */
const oneRetrieval = {
  rounds: { first: 0, round: "round 0 is the question's retrieval, the only one: @R past 0 is not applied" },
  options: staticOptions,
  run: (run: Run, o: Record<string, unknown>) => runStatic(run, o as StaticOptions),
} as const;

/** Retrieval only: round 0 with raw backbone scores and no reader. */
export const single = defineStrategy({
  name: 'single',
  title: 'single retrieval',
  label: 'single retrieval (no LLM)',
  explanation:
    "the question goes to the backbone once and the passages keep the backbone's raw scores; no LLM, no answer. It is the round 0 every strategy starts from.",
  paper: 'BDTR paper Eq. 1 (the static baseline, without the reader)',
  kind: 'baseline',
  ...oneRetrieval,
  fixed: { answer: false, normalize: 'none' },
  prompts: [],
  offline: 'none (no LLM call)',
  needs: { llm: false },
});

/** One retrieval with raw scores, then the QA reader over its top 5. */
export const singleRead = defineStrategy({
  name: 'single-read',
  title: 'single retrieval + reader',
  label: 'single retrieval + reader',
  explanation: 'one retrieval with the question (raw backbone scores), then the LLM answers from the top 5 passages.',
  paper: 'BDTR paper Eq. 1 and the shared QA reader',
  kind: 'baseline',
  ...oneRetrieval,
  fixed: { answer: true, normalize: 'none' },
  prompts: ['answer'],
  offline: 'offline-thinker.ts: answer (extractive reader)',
});

export const staticRetrieval = defineStrategy({
  name: 'static',
  title: 'static',
  label: 'static: one retrieval + reader',
  explanation:
    "one retrieval with the question (Eq. 1; scores on the score scale every strategy's pool uses over this backbone), then the QA reader over the top 5: the baseline the iterative strategies are measured against.",
  paper: 'BDTR paper §3, Eq. 1 (static retrieval)',
  kind: 'method',
  ...oneRetrieval,
  prompts: ['answer'],
  offline: 'offline-thinker.ts: answer (extractive reader)',
  route: { calls: 1, description: 'one retrieval with the question, then read the top passages' },
});
