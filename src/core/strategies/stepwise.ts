// The loop IRCoT (Fig. 10), ToG-style sufficiency (Fig. 11) and GCoT (Fig. 12) share: retrieve with
// the question, then per round ask the step prompt with the current pool's top passages and the
// steps so far; "So the answer is:" stops the loop, any other reply is retrieved with and merged into
// the pool (Eq. 4 max-update over normalised scores, like BDTR, so rankings are comparable).
import type { ThoughtKind } from '../trace/schema.ts';
import type { Passage, Ranked } from '../types.ts';
import { answerStep } from './answer.ts';
import type { Run } from './context.ts';
import { commonOptions, count, readerCount, type OptionsOf } from './options.ts';
import { mergeRound, ScorePool } from './pool.ts';
import type { StrategyPrompts } from './prompt-port.ts';
import { shouldStop, stopOption } from './stopping.ts';

/** Paper default: two rounds after the initial retrieval (BDTR Sec. 2.5: returns diminish after two). */
export const stepwiseOptions = { ...commonOptions, rounds: count(2), ...stopOption };

export type StepwiseOptions = OptionsOf<typeof stepwiseOptions>;

/** Where a step-wise loop keeps its evidence: the shared pool, or IRCoT's collected paragraphs (ircot.ts). */
export interface StepEvidence {
  pool: ScorePool;
  /** Takes one retrieval in and records the `pool` event. */
  add(results: readonly Ranked[]): void;
  /** The passages the next step prompt shows. */
  shown(): Passage[];
}

/** The step loop; `contextTop` is what the adaptive stop's sufficiency check is shown. */
export async function stepLoop(
  run: Run,
  o: Pick<StepwiseOptions, 'depth' | 'rounds' | 'stop' | 'answer' | 'readerTop'>,
  prompt: 'ircot' | 'tog' | 'gcot',
  kind: ThoughtKind,
  evidence: StepEvidence,
  contextTop: number,
): Promise<void> {
  const p: StrategyPrompts['ircot'] = run.prompts[prompt];
  const q = run.question.question;
  const { pool } = evidence;
  run.recorder.startRound(0);
  evidence.add(await run.retrieve(q, 'question', o.depth));
  const steps: string[] = [];
  for (let round = 1; round <= o.rounds; round++) {
    run.checkAbort();
    run.recorder.startRound(round);
    const shown = evidence.shown();
    const step = p.parse(await run.prompt(p, shown, q, shown, steps));
    run.recorder.add({ type: 'thought', kind, text: step.text });
    if (step.final) {
      // the run's own decision to stop, which stopping calibration reads
      run.recorder.add({
        type: 'thought',
        kind: 'stop',
        text: `stop at round ${round}: the reply says "So the answer is:"`,
      });
      break;
    }
    steps.push(step.text);
    const before = pool.ranking();
    evidence.add(await run.retrieve(step.text, kind, o.depth));
    const earlier = [q, ...steps.slice(0, -1)];
    const outcome = { before, after: pool.ranking(), queries: [step.text], earlier, contextTop };
    if (await shouldStop(run, o, round, outcome)) break;
  }
  if (o.answer) await answerStep(run, pool.ranking(), readerCount(o.readerTop, pool.size));
}

export function runStepwise(run: Run, o: StepwiseOptions, prompt: 'ircot' | 'tog' | 'gcot', kind: ThoughtKind) {
  const pool = new ScorePool();
  const evidence: StepEvidence = {
    pool,
    add: (results) => mergeRound(run, pool, [results], o.normalize),
    shown: () => run.passagesOf(pool.ranking(), o.contextTop),
  };
  return stepLoop(run, o, prompt, kind, evidence, o.contextTop);
}
