// Pieces every strategy trace is assembled from (runStrategy and the regimes' runRegime): the body's
// outcome as a trace status, the question as the trace records it, and the trace itself.
import { AbortedError, HopscopeError } from '../errors.ts';
import type { TraceRecorder } from '../trace/recorder.ts';
import { TRACE_VERSION, type Trace, type TraceQuestion } from '../trace/schema.ts';
import type { Question } from '../types.ts';
import { StrategyError } from './context.ts';

/** What a host says of a run besides its request: where it ran, and what the backbone was built with. */
export interface RunMeta {
  corpus: { id: string; name: string };
  retrieverName: string;
  /** Defaults to "<strategy>-<retriever>-<question id>" (stable across reruns). */
  traceId?: string;
  /** Defaults to now. */
  createdAt?: string;
  /**
   * What the host built the backbone with (its summariser, report writer, triple source, how it was
   * built): recorded in trace.options beside the strategy's own, so no host patches a header afterwards.
   */
  backbone?: Record<string, unknown>;
  /** The host's identity of the run's inputs (corpus fingerprint, backbone configuration, LLM identity). */
  provenance?: Record<string, string>;
}

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

function traceQuestion(question: Question): TraceQuestion {
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

/** The trace of a run: what the run decided (`run`) under the host's `meta` (its id and time, when given, win). */
export function assembleTrace(
  strategy: string,
  question: Question,
  meta: RunMeta,
  recorder: TraceRecorder,
  run: Pick<Trace, 'id' | 'llm' | 'regime' | 'options' | 'status'>,
): Trace {
  return {
    version: TRACE_VERSION,
    id: meta.traceId ?? run.id,
    createdAt: meta.createdAt ?? new Date().toISOString(),
    strategy,
    retriever: meta.retrieverName,
    llm: run.llm,
    regime: run.regime,
    options: run.options,
    ...(meta.provenance ? { provenance: meta.provenance } : {}),
    corpus: { id: meta.corpus.id, name: meta.corpus.name },
    question: traceQuestion(question),
    events: recorder.events,
    status: run.status,
  };
}
