// Counterfactual specs for a batch (`--counterfactual`): which intervention each question's plain run
// gets. gold-bridge and gold-all read the question's gold by design: they are oracles, labelled so
// wherever they appear, and never part of a strategy comparison.
import { traceBridgeIds } from '../eval/bridge.ts';
import { findStrategy } from '../strategies/registry.ts';
import type { Trace } from '../trace/schema.ts';
import { WhatIfError } from './branch.ts';
import type { Intervention } from './intervention.ts';

/**
 * Parse "rerun", "rerun@R", "gold-bridge@R", "gold-all@R", "drop-promoted"; a bad spec names what is wrong.
 * `text` is the spec as written, with its round (rerun@1, gold-bridge@1).
 */
export function parseCounterfactual(raw: string) {
  const m = /^(rerun|gold-bridge|gold-all|drop-promoted)(?:@(\d+))?$/.exec(raw.trim());
  const usage =
    'expected one of rerun, gold-bridge@R, gold-all@R, drop-promoted (R = a round number, e.g. gold-bridge@1)';
  if (!m) throw new WhatIfError(`unknown counterfactual "${raw}": ${usage}`);
  const name = m[1] as 'rerun' | 'gold-bridge' | 'gold-all' | 'drop-promoted';
  if (name === 'drop-promoted' && m[2] !== undefined)
    throw new WhatIfError(`counterfactual "${raw}": drop-promoted takes no round (it acts at the verifier)`);
  if ((name === 'gold-bridge' || name === 'gold-all') && m[2] === undefined)
    throw new WhatIfError(`counterfactual "${raw}": ${name} needs a round, e.g. ${name}@1`);
  // rerun replays round 0 and runs the rest live: the control for every other spec.
  const round = m[2] !== undefined ? Number(m[2]) : name === 'rerun' ? 1 : 0;
  const oracle = name === 'gold-bridge' || name === 'gold-all';
  return { name, round, oracle, text: name === 'drop-promoted' ? name : `${name}@${round}` };
}

export type CounterfactualSpec = ReturnType<typeof parseCounterfactual>;

/**
 * The intervention that gives the verifier step of `parent` another selection (the `verify` event at
 * `verifyIndex`, default the first): its LLM reply is replaced, so promotion and cut follow from it.
 */
export function verifierSelection(parent: Trace, selected: readonly string[], verifyIndex?: number): Intervention {
  const at = verifyIndex ?? parent.events.findIndex((e) => e.type === 'verify');
  const verify = parent.events[at];
  if (verify?.type !== 'verify') throw new WhatIfError(`trace "${parent.id}" has no verifier step`);
  const call = parent.events.slice(0, at).filter((e) => e.type === 'llm').length - 1;
  if (call < 0) throw new WhatIfError(`trace "${parent.id}": no LLM call before its verifier step`);
  // The verifier's reply that selects `selected` among its candidates (BDTR Fig. 9's format: 1-based indices).
  const indices = selected.map((id) => verify.candidates.indexOf(id) + 1).filter((i) => i > 0);
  return {
    kind: 'reply',
    call,
    text: JSON.stringify({ covered_doc_indices: indices }),
    note: selected.length ? `the verifier selects ${selected.join(', ')}` : 'the verifier selects nothing',
  };
}

/**
 * The trace round `@R` names in `parent`: one meaning for every strategy, the pool after round R's
 * retrieval, where round 0 is the run's first retrieval. Each strategy's descriptor declares the trace
 * round of that first retrieval (`rounds.first`: 0 for BDTR, IRCoT, ...; 1 for the planner, GEAR and
 * DualRAG, which count from 1); a composite's is read off the trace (its member's).
 */
export function traceRoundOf(parent: Trace, r: number): number {
  const declared = findStrategy(parent.strategy)?.rounds.first;
  const first =
    typeof declared === 'number' ? declared : (parent.events.find((e) => e.type === 'retrieve')?.round ?? 0);
  return r + first;
}

/** The `@R` of a trace round (traceRoundOf's inverse): what a counterfactual spec acting there is written as. */
export function specRoundOf(parent: Trace, traceRound: number): number {
  return Math.max(0, traceRound - traceRoundOf(parent, 0));
}

/** The intervention `spec` makes on `parent`, or why it does not apply to this run. */
export function counterfactualFor(
  spec: CounterfactualSpec,
  parent: Trace,
): { intervention: Intervention } | { skip: string } {
  const round = traceRoundOf(parent, spec.round);
  switch (spec.name) {
    case 'rerun':
      return { intervention: { kind: 'rerun', round } };
    case 'gold-bridge':
    case 'gold-all': {
      const ids = spec.name === 'gold-all' ? parent.question.gold : traceBridgeIds(parent);
      if (ids.length === 0) return { skip: `no ${spec.name === 'gold-all' ? 'gold' : 'bridge'} passages` };
      return { intervention: { kind: 'pool', round, insert: { ids: [...ids], rank: 1 } } };
    }
    case 'drop-promoted':
      if (!parent.events.some((e) => e.type === 'verify')) return { skip: 'no verifier step' };
      return { intervention: verifierSelection(parent, []) };
  }
}
