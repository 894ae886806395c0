// DualRAG's Eq. 8 reranker inside the engine worker: the one chosen in Settings (a cross-encoder from a
// stored local folder or a hub id, through transformers.js on WASM), or the labelled lexical reranker
// (heuristic) when none is chosen. It runs where the strategies run, off the page's thread; the loaded
// model is kept until the settings change.
import { HopscopeError } from '../core/errors.ts';
import { createLexicalReranker } from '../core/rerank/lexical.ts';
import type { Reranker } from '../core/rerank/port.ts';
import { rerankerModelId, rerankerSettingsSchema, type ConfiguredReranker } from '../core/rerank/settings.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { EmbedderConfig } from '../providers/embed/config.ts';
import { modelFiles, readSetting, type ModelPaths } from './embedding-settings.ts';
import { RERANKER_SETTINGS_KEY, type RerankerTest } from './engine-api.ts';

export type LoadableReranker = Reranker & { load(): Promise<void>; dispose(): Promise<void> };

/** What the host provides: how to make a cross-encoder (transformers.js in the worker; in-process in Node). */
export interface RerankHost extends ModelPaths {
  makeReranker(config: EmbedderConfig): LoadableReranker;
}

const TEST_PAIRS = [
  { query: 'Paris', title: 'Paris', text: 'Paris is the capital and largest city of France, on the river Seine.' },
  {
    query: 'Paris',
    title: 'Photosynthesis',
    text: 'Photosynthesis is the process by which green plants turn light into chemical energy.',
  },
];

export function createRerankers(
  stores: Stores | undefined,
  host: RerankHost | undefined,
  now: () => number = () => performance.now(),
) {
  let active: { id: string; reranker: LoadableReranker } | undefined;

  async function settings(): Promise<ConfiguredReranker | null> {
    const s = await readSetting(stores, RERANKER_SETTINGS_KEY, rerankerSettingsSchema, [
      'rerank',
      'reranker',
      'choose the reranker again in Settings',
    ]);
    return s === undefined || s.source === 'lexical' ? null : s;
  }

  /** The reranker in Settings, loaded; the lexical one (heuristic, labelled in its name) when none is chosen. */
  async function current(): Promise<Reranker> {
    const s = await settings();
    if (!s) return createLexicalReranker();
    if (!host)
      throw new HopscopeError(
        'rerank',
        'this engine cannot run a cross-encoder; choose the lexical reranker in Settings',
      );
    const id = rerankerModelId(s);
    if (active?.id !== id) {
      const previous = active;
      // WASM (not WebGPU): a few hundred short pairs per DualRAG step, and the same scores on every machine.
      const config: EmbedderConfig = {
        ...modelFiles(s, host),
        device: host.localModelPath !== undefined ? 'cpu' : 'wasm',
        dtype: s.dtype,
        ...(host.wasmPaths ? { wasmPaths: host.wasmPaths } : {}),
      };
      active = { id, reranker: host.makeReranker(config) };
      if (previous) await previous.reranker.dispose().catch(() => {});
    }
    await active.reranker.load();
    return active.reranker;
  }

  return {
    current,
    async test(): Promise<RerankerTest> {
      const t0 = now();
      const reranker = await current();
      const loadMs = now() - t0;
      const scores = await Promise.all(
        TEST_PAIRS.map(async (p) => ({
          query: p.query,
          title: p.title,
          score: (await reranker.score(p.query, [{ id: p.title, title: p.title, text: p.text }]))[0]!.score,
        })),
      );
      return { name: reranker.name, heuristic: reranker.heuristic, scores, loadMs };
    },
  };
}

export type Rerankers = ReturnType<typeof createRerankers>;
