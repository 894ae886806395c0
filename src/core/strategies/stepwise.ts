// The loop IRCoT (Fig. 10), ToG-style sufficiency (Fig. 11) and GCoT (Fig. 12) share: retrieve with
// the question, then per round ask the step prompt with the current pool's top passages and the
// steps so far; "So the answer is:" stops the loop, any other reply is retrieved with and merged into
// the pool (Eq. 4 max-update over normalised scores, like BDTR, so rankings are comparable).
import type { ThoughtKind } from '../trace/schema.ts';
import { answerStep } from './answer.ts';
import type { Run } from './context.ts';
import { commonOptions, count, readerCount, type OptionsOf } from './options.ts';
import { ScorePool } from './pool.ts';
import { mergeRound } from './pool-round.ts';
import type { StrategyPrompts } from './prompt-port.ts';
import { shouldStop, stopOption } from './stopping.ts';

/** Paper default: two rounds after the initial retrieval (BDTR Sec. 2.5: returns diminish after two). */
export const stepwiseOptions = { ...commonOptions, rounds: count(2), ...stopOption };

export type StepwiseOptions = OptionsOf<typeof stepwiseOptions>;

export async function runStepwise(
  run: Run,
  o: StepwiseOptions,
  prompt: 'ircot' | 'tog' | 'gcot',
  kind: ThoughtKind,
): Promise<void> {
  const p: StrategyPrompts['ircot'] = run.prompts[prompt];
  run.recorder.startRound(0);
  const pool = new ScorePool();
  mergeRound(run, pool, [await run.retrieve(run.question.question, 'question', o.depth)], o.normalize);
  const steps: string[] = [];
  for (let round = 1; round <= o.rounds; round++) {
    run.checkAbort();
    run.recorder.startRound(round);
    const docs = run.passagesOf(pool.ranking(), o.contextTop);
    const reply = await run.ask({ module: p.module, messages: p.build(run.question.question, docs, steps) }, docs);
    const step = p.parse(reply.text);
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
    mergeRound(run, pool, [await run.retrieve(step.text, kind, o.depth)], o.normalize);
    const earlier = [run.question.question, ...steps.slice(0, -1)];
    if (
      round < o.rounds &&
      (await shouldStop(run, o.stop, round, {
        before,
        after: pool.ranking(),
        queries: [step.text],
        earlier,
        contextTop: o.contextTop,
      }))
    )
      break;
  }
  if (o.answer) await answerStep(run, pool.ranking(), readerCount(o.readerTop, pool.size));
}
