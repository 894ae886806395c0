// The embedding model Settings describe, read from the settings store, and the embedding worker's
// configuration for it on one device (a hub id, a local folder under the host's path in Node, or the
// folder stored in this browser).
import { EMBED_BATCH_DEFAULT, embeddingSettingsSchema, type ConfiguredEmbedding } from '../core/embed/settings.ts';
import { HopscopeError } from '../core/errors.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { EmbedDevice, EmbedderConfig } from '../providers/embed/config.ts';
import { EMBEDDING_SETTINGS_KEY } from './engine-api.ts';

/** The model chosen in Settings, or null when none is (never saved, or "none"); throws on a saved value that does not parse. */
export async function readEmbeddingSettings(stores: Stores | undefined): Promise<ConfiguredEmbedding | null> {
  const raw = stores ? await stores.settings.getSetting<unknown>(EMBEDDING_SETTINGS_KEY) : undefined;
  if (raw === undefined) return null;
  const parsed = embeddingSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HopscopeError(
      'embed',
      `the saved embedding settings are invalid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}); choose the model again in Settings`,
    );
  }
  return parsed.data.source === 'none' ? null : parsed.data;
}

/** Where the host finds model files: the app's onnxruntime-web files (browser), the local models folder (Node). */
export interface ModelPaths {
  wasmPaths?: { mjs: string; wasm: string };
  localModelPath?: string;
}

/** The embedding worker's configuration for the model in Settings on `device`. */
export function embedderConfig(s: ConfiguredEmbedding, device: EmbedDevice, host?: ModelPaths): EmbedderConfig {
  const common = {
    device,
    dtype: s.dtype,
    pooling: s.pooling,
    batchSize: s.batchSize ?? EMBED_BATCH_DEFAULT,
    ...(host?.wasmPaths ? { wasmPaths: host.wasmPaths } : {}),
  };
  if (s.source === 'hub') return { model: s.id, allowRemote: true, ...common };
  return host?.localModelPath !== undefined
    ? { model: s.name, localModelPath: host.localModelPath, ...common }
    : { model: s.name, storedFolder: true, ...common };
}
