// THE bridge lookup of the UI: every panel that marks bridges (rank chart, verifier
// promotions, final context, round timeline, captions, compare lanes) asks this one function, which
// asks core's bridgeOf (src/core/eval/bridge.ts): the dataset's structured evidence (trace v2
// `question.evidence`) when the question has it, the round-0 heuristic (labelled) otherwise.
import { BRIDGE_RULES, bridgeOf } from '../../core/eval/bridge.ts';
import { foldTrace, type TraceModel } from '../../core/trace/fold.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';
import type { Question } from '../../core/types.ts';

export interface Bridges {
  ids: ReadonlySet<string>;
  /** Where the definition came from, said beside every bridge legend. */
  source: 'dataset' | 'heuristic';
  rule: string;
}

const NO_BRIDGES: Bridges = { ids: new Set(), source: 'heuristic', rule: BRIDGE_RULES.heuristic };

/** Bridge passages of a question's run: the dataset's evidence when the question has it, else the heuristic. */
export function traceBridges(
  question: Pick<Question, 'gold' | 'evidence'> | null,
  events: readonly TraceEvent[] | TraceModel,
): Bridges {
  if (!question) return NO_BRIDGES;
  const model = Array.isArray(events) ? foldTrace(events as readonly TraceEvent[]) : (events as TraceModel);
  const b = bridgeOf(question, model.round0Ids);
  return { ids: b.ids, source: b.structured ? 'dataset' : 'heuristic', rule: b.rule };
}
