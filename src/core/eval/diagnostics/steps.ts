// A small pure reader of what a finished trace did per step, for the diagnostics (the diagnostic study,
// paper 004: retrieval steps of an iterative controller). A "step" is a round that retrieved: the
// first retrieving round is step 1, whatever its round number (static/IRCoT/BDTR retrieve with the
// question in round 0, the planner in round 1). Rounds without a retrieval attach their thoughts and
// contexts to the step before them.
import type { Trace, TraceEventOf } from '../../trace/schema.ts';

export interface StepView {
  /** 1-based step number. */
  step: number;
  round: number;
  /** Queries retrieved with in this step. */
  queries: string[];
  /** Passage ids each retrieval of this step returned, best first (one list per `retrieve`). */
  retrieved: string[][];
  /** Passage ids the LLM calls of this step were shown (`context` events), union in order. */
  context: string[];
  /** Texts the run wrote in this step: thoughts and the planner's partial answer. */
  notes: string[];
  /** The planner's `plan` event of this step, when the strategy records one. */
  plan?: Pick<TraceEventOf<'plan'>, 'action' | 'partialAnswer' | 'subquery' | 'sufficiency' | 'anchors' | 'declared'>;
}

export interface TraceSteps {
  steps: StepView[];
  /** Passage ids the final answer call was shown (the last `context` before the last `answer`); [] when none. */
  finalContext: string[];
  /** The final answer; undefined when the run did not reach it. */
  answer?: string;
}

export function readSteps(trace: Trace): TraceSteps {
  const byRound = new Map<number, StepView>();
  const steps: StepView[] = [];
  let current: StepView | undefined;
  const pending: { notes: string[]; context: string[] } = { notes: [], context: [] };
  let lastContext: string[] = [];
  let finalContext: string[] = [];
  let answer: string | undefined;
  const at = (round: number): StepView | undefined => byRound.get(round) ?? current;
  for (const e of trace.events) {
    if (e.type === 'retrieve') {
      let s = byRound.get(e.round);
      if (!s) {
        s = {
          step: steps.length + 1,
          round: e.round,
          queries: [],
          retrieved: [],
          context: [...pending.context],
          notes: [...pending.notes],
        };
        pending.notes = [];
        pending.context = [];
        byRound.set(e.round, s);
        steps.push(s);
        current = s;
      }
      s.queries.push(e.query);
      s.retrieved.push(e.results.map((r) => r.id));
    } else if (e.type === 'context') {
      lastContext = e.ids;
      const into = at(e.round)?.context ?? pending.context;
      for (const id of e.ids) if (!into.includes(id)) into.push(id);
    } else if (e.type === 'thought') {
      (at(e.round)?.notes ?? pending.notes).push(e.text);
    } else if (e.type === 'plan') {
      const s = at(e.round);
      const { type: _type, t: _t, round: _round, step: _step, ...plan } = e;
      if (s) s.plan = plan;
      (s?.notes ?? pending.notes).push(e.partialAnswer);
    } else if (e.type === 'answer') {
      answer = e.text;
      finalContext = lastContext;
    }
  }
  return { steps, finalContext: [...finalContext], ...(answer !== undefined ? { answer } : {}) };
}

/** Passage ids retrieved at a step: the top `top` of each of its retrievals, plus what its calls were shown. */
export function foundAt(step: StepView, top: number): Set<string> {
  const out = new Set<string>(step.context);
  for (const list of step.retrieved) for (const id of list.slice(0, top)) out.add(id);
  return out;
}
