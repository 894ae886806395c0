// The LLM a run in the browser uses: the one the user's settings describe, behind the shared
// composition (cache in this browser's storage -> concurrency -> retry -> timeout).
import { createLlm } from '../core/llm/create-llm.ts';
import type { LlmPort } from '../core/llm/port.ts';
import { llmSettingsSchema } from '../core/llm/settings.ts';
import type { Stores } from '../core/persist/ports.ts';
import { replyParses } from '../prompts/reply-check.ts';
import { providerFromSettings } from '../providers/llm/from-settings.ts';
import { createOfflineThinker } from '../providers/llm/offline-thinker.ts';
import { readSetting } from './embedding-settings.ts';
import { LLM_SETTINGS_KEY } from './engine-api.ts';

/** Browser: the device an adapter allows and the app's own onnxruntime-web files, for the in-browser provider. */
export interface InBrowserRuntime {
  device?(): Promise<'webgpu' | 'wasm' | 'cpu'>;
  wasmPaths?: { mjs: string; wasm: string };
}

/**
 * The LLM the settings describe, with the cache in this browser's storage. The offline thinker (label
 * "offline thinker (no LLM)") when the settings choose it, when none were ever saved (it is the
 * default provider), or when the engine has no storage at all (Node tests); it is not cached: it makes
 * no call worth caching, and a cached flag would misreport it.
 */
export async function llmFromStoredSettings(
  stores: Stores | undefined,
  corpusId: string,
  runtime?: InBrowserRuntime,
): Promise<LlmPort> {
  const settings = await readSetting(stores, LLM_SETTINGS_KEY, llmSettingsSchema, [
    'engine',
    'LLM',
    'fix or reset them in Settings',
  ]);
  if (!stores || settings === undefined || settings.provider === 'offline') return createOfflineThinker();
  // navigator.gpu without an adapter (headless, blocklisted GPU) must not pick WebGPU; WASM needs the app's runtime files (no CDN).
  const device = settings.provider === 'in-browser' && runtime?.device ? await runtime.device() : undefined;
  const provider = providerFromSettings(settings, {
    ...(runtime?.wasmPaths ? { wasmPaths: runtime.wasmPaths } : {}),
    ...(device ? { device } : {}),
  });
  return createLlm({
    provider,
    cache: { store: stores.llmCache, corpusId, accept: replyParses() },
    concurrency: settings.concurrency,
    timeoutMs: settings.timeoutMs,
  });
}
