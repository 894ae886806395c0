// THE bridge lookup of the UI (issue 17 item 10): every panel that marks bridges (rank chart, verifier
// promotions, final context, round timeline, captions, compare lanes) asks this one function, so the
// definition changes in one place. The dataset's structured evidence (trace v2 `question.evidence`,
// filled by the importers through src/core/eval/bridge.ts) wins; the old heuristic is only the labelled
// fallback for traces without it.
import type { TraceEvent } from '../../core/trace/schema.ts';
import type { Question } from '../../core/types.ts';
import { BRIDGE_RULE, bridgeIds, buildTraceModel, type TraceModel } from './model.ts';

export interface Bridges {
  ids: ReadonlySet<string>;
  /** Where the definition came from, said beside every bridge legend. */
  source: 'dataset' | 'heuristic';
  rule: string;
}

export const NO_BRIDGES: Bridges = { ids: new Set(), source: 'heuristic', rule: BRIDGE_RULE };

/** Bridge passages of a question's run: the dataset's evidence when the trace has it, else the heuristic. */
export function traceBridges(question: Pick<Question, 'gold' | 'evidence'> | null, events: readonly TraceEvent[] | TraceModel): Bridges {
  if (!question) return NO_BRIDGES;
  if (question.evidence) return { ids: new Set(question.evidence.bridge), source: 'dataset', rule: question.evidence.bridgeRule };
  const model = Array.isArray(events) ? buildTraceModel(events as readonly TraceEvent[]) : (events as TraceModel);
  return { ids: bridgeIds(model, question), source: 'heuristic', rule: BRIDGE_RULE };
}
