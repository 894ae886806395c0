// The in-browser LLM a run builds in the engine worker takes its device from the host (an adapter, not
// the mere presence of navigator.gpu) and the app's own onnxruntime-web files, so WASM runs offline.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { LLM_SETTINGS_KEY } from '../../src/engine/engine-api.ts';
import { llmFromStoredSettings } from '../../src/engine/llm.ts';

describe('in-browser LLM runtime from the host', () => {
  it('uses the host device and wasm files; without them a WASM in-browser model offline is refused', async () => {
    const stores = createDexieStores(
      new HopscopeDb(`llm-runtime-${Math.random()}`, { indexedDB: new IDBFactory(), IDBKeyRange }),
    );
    await stores.settings.putSetting(LLM_SETTINGS_KEY, {
      ...DEFAULT_LLM_SETTINGS,
      provider: 'in-browser',
      browserModel: 'tiny-chat-lm',
    });
    const llm = await llmFromStoredSettings(stores, 'demo', {
      device: async () => 'wasm',
      wasmPaths: { mjs: '/ort.mjs', wasm: '/ort.wasm' },
    });
    expect(llm.label).toContain('in-browser tiny-chat-lm (wasm, q4)');
    // Node has no navigator.gpu: without a runtime the provider defaults to WASM and needs the files.
    await expect(llmFromStoredSettings(stores, 'demo')).rejects.toThrow(/needs wasmPaths/);
  });
});
