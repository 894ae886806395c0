// The embedding model Settings describe, read from the settings store, and the embedding worker's
// configuration for it on one device (a hub id, a local folder under the host's path in Node, or the
// folder stored in this browser).
import type { z } from 'zod';
import { EMBED_BATCH_DEFAULT, embeddingSettingsSchema, type ConfiguredEmbedding } from '../core/embed/settings.ts';
import { HopscopeError } from '../core/errors.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { EmbedDevice, EmbedderConfig } from '../providers/embed/config.ts';
import { EMBEDDING_SETTINGS_KEY } from './engine-api.ts';

/** A saved setting through its schema (undefined when never saved); a value that does not parse says what to do. */
export async function readSetting<S extends z.ZodType>(
  stores: Stores | undefined,
  key: string,
  schema: S,
  [module, what, fix]: [module: string, what: string, fix: string],
): Promise<z.output<S> | undefined> {
  const raw = stores ? await stores.settings.getSetting<unknown>(key) : undefined;
  if (raw === undefined) return undefined;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new HopscopeError(
    module,
    `the saved ${what} settings are invalid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}); ${fix}`,
  );
}

/** The model chosen in Settings, or null when none is (never saved, or "none"); throws on a saved value that does not parse. */
export async function readEmbeddingSettings(stores: Stores | undefined): Promise<ConfiguredEmbedding | null> {
  const s = await readSetting(stores, EMBEDDING_SETTINGS_KEY, embeddingSettingsSchema, [
    'embed',
    'embedding',
    'choose the model again in Settings',
  ]);
  return s === undefined || s.source === 'none' ? null : s;
}

/** Where the host finds model files. */
export interface ModelPaths {
  /** Browser: the app's copies of onnxruntime-web's runtime files (no CDN). */
  wasmPaths?: { mjs: string; wasm: string };
  /** Node: the folder holding local model folders (a 'local' setting's name under it); the browser uses the stored folder. */
  localModelPath?: string;
}

/** Where a model from Settings is read: a hub id, a local folder under the host's path (Node), or the stored folder. */
export function modelFiles(s: { source: 'hub'; id: string } | { source: 'local'; name: string }, host?: ModelPaths) {
  if (s.source === 'hub') return { model: s.id, allowRemote: true };
  return host?.localModelPath !== undefined
    ? { model: s.name, localModelPath: host.localModelPath }
    : { model: s.name, storedFolder: true };
}

/** The embedding worker's configuration for the model in Settings on `device`. */
export function embedderConfig(s: ConfiguredEmbedding, device: EmbedDevice, host?: ModelPaths): EmbedderConfig {
  return {
    ...modelFiles(s, host),
    device,
    dtype: s.dtype,
    pooling: s.pooling,
    batchSize: s.batchSize ?? EMBED_BATCH_DEFAULT,
    ...(host?.wasmPaths ? { wasmPaths: host.wasmPaths } : {}),
  };
}
