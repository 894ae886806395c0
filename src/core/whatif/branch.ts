// Run a what-if branch of a finished trace: the parent's steps before the intervention are replayed
// (its recorded LLM replies, no model call), the rest runs live through the host's LLM port (its cache
// makes every unchanged prompt free), and the new trace records its parent, step and change.
import { errorClass } from '../errors.ts';
import { sha256Hex } from '../llm/hash.ts';
import { traceHash } from '../trace/hash.ts';
import { isStrategyName, runStrategy, strategyOptionKeys, type StrategyContext } from '../strategies/index.ts';
import type { Trace, TraceEvent } from '../trace/schema.ts';
import { createHooks } from './hooks.ts';
import { describeIntervention, intervention as interventionSchema, type Intervention } from './intervention.ts';
import { replayPrefix } from './replay-port.ts';

export const WhatIfError = errorClass('WhatIfError', 'whatif');

export interface BranchOptions {
  /** Shown in branch lists; defaults to a description of the change. */
  label?: string;
  /** The change reads the gold (gold-bridge, gold-all): labelled oracle wherever the branch appears. */
  oracle?: boolean;
  /** The host's build facts of the backbone the branch runs over; by default the parent's (same backbone). */
  backbone?: Record<string, unknown>;
}

/** What the parent's header records besides the strategy's options, its prompts and its reranker: the backbone's facts. */
function parentBackbone(parent: Trace, strategyKeys: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(parent.options).filter(([k]) => !strategyKeys.has(k) && k !== 'prompts' && k !== 'reranker'),
  );
}

/** Index of the parent event the branch diverges at: the named LLM call, or the first event of the round. */
export function branchStep(parent: Trace, change: Intervention): number {
  if (change.kind === 'reply') {
    let n = -1;
    const i = parent.events.findIndex((e) => e.type === 'llm' && ++n === change.call);
    if (i < 0)
      throw new WhatIfError(
        `trace "${parent.id}" has ${n + 1} LLM call(s); there is no call ${change.call + 1} to replace`,
      );
    return i;
  }
  const i = parent.events.findIndex((e) => e.round >= change.round);
  return i < 0 ? parent.events.length : i;
}

export async function runBranch(
  parent: Trace,
  change: Intervention,
  ctx: Omit<StrategyContext, 'options' | 'whatif'>,
  o: BranchOptions = {},
): Promise<Trace> {
  const checked = interventionSchema.safeParse(change);
  if (!checked.success)
    throw new WhatIfError(
      `invalid intervention: ${checked.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  if (!isStrategyName(parent.strategy))
    throw new WhatIfError(`trace "${parent.id}": unknown strategy "${parent.strategy}"`);
  if (parent.regime !== 'iterative')
    throw new WhatIfError(`trace "${parent.id}" ran the ${parent.regime} regime; branches start from iterative runs`);
  const step = branchStep(parent, change);
  const limit = parent.events.slice(0, step).filter((e) => e.type === 'llm').length;
  const llm = replayPrefix(
    parent,
    limit,
    ctx.llm,
    change.kind === 'reply' ? { call: change.call, text: change.text } : undefined,
  );
  const hooks = createHooks(change);
  // The strategy's own options as recorded (hosts add facts such as the backbone's build to trace.options).
  const keys = new Set(strategyOptionKeys(parent.strategy));
  const recorded = Object.fromEntries(Object.entries(parent.options).filter(([k]) => keys.has(k)));
  const options =
    change.kind === 'options'
      ? { ...recorded, ...Object.fromEntries(Object.entries(change.options).filter(([k]) => k !== 'depth')) }
      : recorded;
  const hash = await traceHash(parent);
  const trace = await runStrategy(
    parent.strategy,
    parent.question,
    { ...ctx, llm, options, whatif: hooks },
    {
      corpus: parent.corpus,
      retrieverName: parent.retriever,
      traceId: `${parent.id}~${(await sha256Hex(JSON.stringify(change))).slice(0, 8)}`,
      backbone: o.backbone ?? parentBackbone(parent, keys),
      ...(parent.provenance ? { provenance: parent.provenance } : {}),
    },
  );
  const last = trace.events.at(-1);
  const warnings: TraceEvent[] = hooks.unapplied().map((message) => ({
    type: 'warning',
    module: 'whatif',
    message,
    t: last?.t ?? 0,
    round: last?.round ?? 0,
  }));
  return {
    ...trace,
    events: [...trace.events, ...warnings],
    branch: {
      parent: hash,
      parentId: parent.id,
      step,
      intervention: change,
      label: o.label ?? describeIntervention(change),
      oracle: o.oracle ?? false,
      replayed: llm.replayed(),
    },
  };
}
