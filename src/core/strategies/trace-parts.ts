// Pieces every strategy trace is assembled from (runStrategy and the regimes' runRegime): the body's
// outcome as a trace status, and the question as the trace records it.
import { AbortedError, HopscopeError } from '../errors.ts';
import type { TraceRecorder } from '../trace/recorder.ts';
import type { Trace, TraceQuestion } from '../trace/schema.ts';
import type { Question } from '../types.ts';
import { StrategyError } from './context.ts';

/**
 * Run a strategy body: LLM, parse and retrieval failures become an `error` event and status "failed";
 * an abort gives "aborted". Programmer errors (StrategyError, bugs) throw.
 */
export async function settle(
  body: () => Promise<void>,
  recorder: TraceRecorder,
  signal: AbortSignal | undefined,
): Promise<Trace['status']> {
  try {
    await body();
    return 'done';
  } catch (e) {
    if (e instanceof AbortedError || signal?.aborted) return 'aborted';
    if (e instanceof HopscopeError && !(e instanceof StrategyError)) {
      recorder.addError(e.module, e);
      return 'failed';
    }
    throw e;
  }
}

export function traceQuestion(question: Question): TraceQuestion {
  return {
    id: question.id,
    question: question.question,
    answers: [...question.answers],
    gold: [...question.gold],
    ...(question.type !== undefined ? { type: question.type } : {}),
    ...(question.hops !== undefined ? { hops: question.hops } : {}),
    ...(question.evidence !== undefined ? { evidence: question.evidence } : {}),
    ...(question.goldItems !== undefined ? { goldItems: question.goldItems.map((i) => [...i]) } : {}),
  };
}
