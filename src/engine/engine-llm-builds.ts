// The engine's LLM builds after an import. The import builds RAPTOR's tree and GraphRAG's communities
// with the labelled stand-ins (no LLM is called at import); with an LLM in Settings, their first run
// would build the LLM's summaries and reports and wait for them. Here the engine says first what that
// costs, counted on the stand-in builds before any call, and builds them on request, with progress and
// cancel, stored under the keys a run with that LLM reads (so that run builds nothing).
import type { BackboneName } from '../core/backbones/about.ts';
import { LLM_BUILT_BACKBONES, llmBuildCost, llmBuildWhat, type LlmBuildCost } from '../core/backbones/index.ts';
import { HopscopeError } from '../core/errors.ts';
import type { LlmPort } from '../core/llm/port.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { realLlm, type Backbones } from './backbones.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { EngineApi, LlmBuildOutcome, LlmBuildProgress } from './engine-api.ts';
import type { Loaded } from './loaded.ts';
import { llmFromStoredSettings } from './llm.ts';

/** The calls an LLM port receives, and of them the ones its reply cache answered. */
function counted(llm: LlmPort): { port: LlmPort; tally: { calls: number; cached: number } } {
  const tally = { calls: 0, cached: 0 };
  const port: LlmPort = {
    label: llm.label,
    ...(llm.identity !== undefined ? { identity: llm.identity } : {}), // the keys a run with this LLM uses
    async complete(request, signal) {
      tally.calls++;
      const reply = await llm.complete(request, signal);
      if (reply.cached) tally.cached++;
      return reply;
    },
  };
  return { port, tally };
}

/** One sentence on a failed build: an LLM error's own sentence (as Settings shows it), else the message. */
function failureSentence(err: unknown): string {
  const user = (err as { userMessage?: unknown } | null)?.userMessage;
  const text = (typeof user === 'string' ? user : err instanceof Error ? err.message : String(err)).trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What a stopped build leaves: its replies in the LLM cache (only readable ones are kept), none of it stored. */
const KEPT =
  'the replies received so far are cached in this browser, so trying again (or its first run) picks up where it stopped';

/** What building each backbone with the LLM costs, counted on the stand-in builds the import made (kept in memory or read from storage: no call). */
async function costs(backbones: Backbones, entry: Loaded): Promise<LlmBuildCost[]> {
  const out: LlmBuildCost[] = [];
  for (const name of LLM_BUILT_BACKBONES) {
    const standIn = await backbones.withLlm(entry, name, createOfflineThinker());
    const cost = llmBuildCost(name, standIn.retriever);
    if (cost) out.push(cost);
  }
  return out;
}

/** How one build ended (a build not started: no calls). */
const outcomeOf = (
  name: BackboneName,
  state: LlmBuildOutcome['state'],
  detail: string,
  tally = { calls: 0, cached: 0 },
): LlmBuildOutcome => ({ backbone: name, what: llmBuildWhat(name) ?? name, state, ...tally, detail });

/** One build of buildWithLlm: where it stands among them all, and where its progress goes. */
interface Step {
  backbones: Backbones;
  entry: Loaded;
  llm: LlmPort;
  signal: AbortSignal;
  /** This build is number `at` (from 0) of `of`. */
  at: number;
  of: number;
  onProgress?: ((p: LlmBuildProgress) => void) | undefined;
}

/** Builds backbone `name` with the step's LLM, counting its calls; a failure or a cancel is an outcome, not a throw. */
async function buildOne(name: BackboneName, step: Step): Promise<LlmBuildOutcome> {
  const { backbones, signal } = step;
  const what = llmBuildWhat(name) ?? name;
  const { port, tally } = counted(step.llm);
  const stop = backbones.watch((p) => {
    const within = p.total > 0 ? p.done / p.total : 0;
    if (!signal.aborted)
      step.onProgress?.({ what, stage: p.stage, done: p.done, total: p.total, fraction: (step.at + within) / step.of });
  });
  const outcome = (state: LlmBuildOutcome['state'], detail: string) => outcomeOf(name, state, detail, tally);
  try {
    return outcome('built', (await backbones.withLlm(step.entry, name, port, signal)).built);
  } catch (err) {
    if (signal.aborted) return outcome('cancelled', `cancelled: nothing of it was stored; ${KEPT}.`);
    return outcome('failed', `${failureSentence(err)} Nothing of it was stored; ${KEPT}.`);
  } finally {
    stop();
  }
}

export function createLlmBuildMethods({
  stores,
  embedding: runtime,
  datasets,
  backbones,
}: EngineDeps): Pick<EngineApi, 'llmBuildOffer' | 'buildWithLlm' | 'cancelLlmBuilds'> {
  let building: AbortController | null = null;

  /** The LLM in Settings, or undefined when they choose the offline thinker (or hold none). */
  async function configuredLlm(corpusId: string): Promise<LlmPort | undefined> {
    return realLlm(await llmFromStoredSettings(stores, corpusId, runtime));
  }

  return {
    async llmBuildOffer(corpusId) {
      const entry = await datasets.entryOf(corpusId);
      const llm = await configuredLlm(corpusId);
      if (!llm) return null;
      return { corpusId, llm: llm.label, builds: await costs(backbones, entry) };
    },

    async buildWithLlm(corpusId, onProgress) {
      building?.abort();
      const controller = new AbortController();
      building = controller;
      try {
        const entry = await datasets.entryOf(corpusId);
        const llm = await configuredLlm(corpusId);
        if (!llm) throw new HopscopeError('engine', 'no LLM is chosen in Settings (the offline thinker calls none)');
        const of = LLM_BUILT_BACKBONES.length;
        const outcomes: LlmBuildOutcome[] = [];
        for (const [at, name] of LLM_BUILT_BACKBONES.entries()) {
          // After a failure or a cancel the rest waits: what was built is kept.
          const stopped = outcomes.some((o) => o.state !== 'built');
          const step = { backbones, entry, llm, signal: controller.signal, at, of, onProgress };
          // A build left for later because one before it failed or was cancelled.
          outcomes.push(stopped ? outcomeOf(name, 'not started', '') : await buildOne(name, step));
        }
        return outcomes;
      } finally {
        if (building === controller) building = null;
      }
    },

    cancelLlmBuilds() {
      building?.abort();
    },
  };
}
