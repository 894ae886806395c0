// THE bridge lookup of the UI: every panel that marks bridges (rank chart, verifier
// promotions, final context, round timeline, captions, compare lanes) asks this one function, which
// asks core's bridgeOf (src/core/eval/bridge.ts): the dataset's structured evidence (trace v2
// `question.evidence`) when the question has it, the round-0 heuristic (labelled) otherwise.
import { BRIDGE_RULES, bridgeOf } from '../../core/eval/bridge.ts';
import { foldTrace, type TraceModel } from '../../core/trace/fold.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';
import type { Question } from '../../core/types.ts';

/** Bridge passages of a question's run: the dataset's evidence when the question has it, else the heuristic. */
export function traceBridges(
  question: Pick<Question, 'gold' | 'evidence'> | null,
  events: readonly TraceEvent[] | TraceModel,
): ReturnType<typeof bridgeOf> {
  if (!question) return { ids: new Set(), rule: BRIDGE_RULES.heuristic, structured: false };
  const model = Array.isArray(events) ? foldTrace(events as readonly TraceEvent[]) : (events as TraceModel);
  return bridgeOf(question, model.round0Ids);
}
