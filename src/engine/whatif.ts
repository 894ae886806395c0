// The engine's what-if call: a branch of a finished run (src/core/whatif) runs in this worker with the
// same backbone and LLM choice as its parent, so the page only sends the parent trace and the change.
import { HopscopeError } from '../core/errors.ts';
import { isStrategyName } from '../core/strategies/index.ts';
import { traceSchema } from '../core/trace/schema.ts';
import { intervention as interventionSchema } from '../core/whatif/intervention.ts';
import { OFFLINE_THINKER_LABEL } from '../providers/llm/offline-thinker.ts';
import { RUN_BACKBONES, type BranchRunRequest, type RunBackbone, type RunRequest } from './engine-api.ts';

/** The run request the parent was made with, checked: strategy, backbone, question and LLM choice. */
export function branchRunRequest(r: BranchRunRequest): RunRequest {
  const parent = traceSchema.safeParse(r.parent);
  if (!parent.success)
    throw new HopscopeError('engine', `what-if: the parent is not a trace (${parent.error.issues[0]?.message})`);
  const change = interventionSchema.safeParse(r.intervention);
  if (!change.success)
    throw new HopscopeError(
      'engine',
      `what-if: invalid change (${change.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')})`,
    );
  const t = parent.data;
  if (t.corpus.id !== r.datasetId)
    throw new HopscopeError(
      'engine',
      `what-if: this run is on corpus "${t.corpus.name}"; open that corpus to branch it (the loaded one is "${r.datasetId}")`,
    );
  if (!isStrategyName(t.strategy)) throw new HopscopeError('engine', `what-if: unknown strategy "${t.strategy}"`);
  if (!(RUN_BACKBONES as readonly string[]).includes(t.retriever))
    throw new HopscopeError('engine', `what-if: backbone "${t.retriever}" is not available here`);
  const depth = typeof t.options.depth === 'number' ? t.options.depth : 50;
  return {
    datasetId: r.datasetId,
    question: t.question,
    backbone: t.retriever as RunBackbone,
    strategy: t.strategy,
    k: depth,
    ...(r.runId !== undefined ? { runId: r.runId } : {}),
    // The parent's LLM: a run made with the offline thinker branches with it too.
    llm: t.llm === OFFLINE_THINKER_LABEL ? 'offline' : 'settings',
  };
}
