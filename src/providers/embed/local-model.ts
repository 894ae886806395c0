// A sentence-encoder folder the user picked in the browser (directory picker / file input), kept in
// this browser's Cache Storage so it survives reloads, and served to transformers.js through its
// `env.fetch` hook: requests under LOCAL_MODEL_PREFIX are answered from the store (404 when a file is
// absent) and never reach the network. The folder layout is the one transformers.js loads:
// config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx (fp32) or onnx/model_quantized.onnx (q8).
import { EmbedError } from '../../core/embed/port.ts';
import { RerankError } from '../../core/rerank/port.ts';

const LOCAL_MODEL_CACHE = 'hopscope-local-models';
/** The localModelPath transformers.js is given for stored folders. */
export const LOCAL_MODEL_PREFIX = '/local-models/';

export interface PickedFile {
  /** Path inside the picked folder, e.g. "all-MiniLM-L6-v2/onnx/model.onnx" (webkitRelativePath) or just "model.onnx". */
  path: string;
  size: number;
}

export interface LocalModelPlan {
  name: string;
  dtype: 'fp32' | 'q8';
  /** Where each picked file goes, relative to the model folder (onnx files under onnx/). */
  files: { from: number; to: string }[];
  onnx: number;
  config: number;
  sizeBytes: number;
}

const REQUIRED = ['config.json', 'tokenizer.json', 'tokenizer_config.json'] as const;
const ONNX_FOR = { 'model.onnx': 'fp32', 'model_quantized.onnx': 'q8' } as const;

/** What a picked folder is for: the error names it and suggests a model of that kind. */
export type LocalModelKind = 'sentence encoder' | 'cross-encoder';
const EXAMPLE: Record<LocalModelKind, string> = {
  'sentence encoder': 'Xenova/all-MiniLM-L6-v2',
  'cross-encoder': 'Xenova/ms-marco-MiniLM-L-6-v2',
};

/** Checks a picked folder and maps its files to the transformers.js layout; names what is missing. */
export function planLocalModel(
  picked: readonly PickedFile[],
  folderName?: string,
  kind: LocalModelKind = 'sentence encoder',
): LocalModelPlan {
  const parts = picked.map((f) => f.path.split('/').filter(Boolean));
  const root = folderName ?? (parts.every((p) => p.length > 1) ? parts[0]![0]! : 'local-encoder');
  const inner = parts.map((p) => (p.length > 1 && p[0] === root ? p.slice(1) : p));
  const files: LocalModelPlan['files'] = [];
  let onnx = -1;
  let dtype: LocalModelPlan['dtype'] = 'fp32';
  let config = -1;
  inner.forEach((p, i) => {
    const base = p[p.length - 1]!;
    if (base in ONNX_FOR) {
      const d = ONNX_FOR[base as keyof typeof ONNX_FOR];
      // fp32 wins when both are present: it is the reference the vectors are compared against.
      if (onnx < 0 || d === 'fp32') {
        onnx = i;
        dtype = d;
      }
      files.push({ from: i, to: `onnx/${base}` });
    } else if (p.length === 1 && /\.(json|txt)$/.test(base)) {
      if (base === 'config.json') config = i;
      files.push({ from: i, to: base });
    }
  });
  const have = new Set(files.map((f) => f.to));
  const missing = [
    ...REQUIRED.filter((r) => !have.has(r)),
    ...(onnx < 0 ? ['onnx/model.onnx (or onnx/model_quantized.onnx)'] : []),
  ];
  if (missing.length > 0) {
    const why = `the folder "${root}" is not a transformers.js ${kind}: missing ${missing.join(', ')} (export one with optimum, or download e.g. ${EXAMPLE[kind]})`;
    throw kind === 'cross-encoder' ? new RerankError('rerank', why) : new EmbedError(why);
  }
  const name = root.replace(/[^\w.-]+/g, '-') || 'local-encoder';
  return { name, dtype, files, onnx, config, sizeBytes: files.reduce((s, f) => s + picked[f.from]!.size, 0) };
}

/** hidden_size of a config.json, when it states one. */
export function hiddenSizeOf(configText: string): number | null {
  try {
    const c = JSON.parse(configText) as { hidden_size?: unknown; dim?: unknown };
    const d = c.hidden_size ?? c.dim;
    return typeof d === 'number' && Number.isInteger(d) && d > 0 ? d : null;
  } catch {
    throw new EmbedError('config.json of the model folder is not valid JSON');
  }
}

const keyOf = (name: string, path: string) =>
  new URL(`${LOCAL_MODEL_PREFIX}${name}/${path}`, globalThis.location.origin).href;

export interface StoredLocalModel {
  name: string;
  dtype: 'fp32' | 'q8';
  fingerprint: string;
  dim: number | null;
  sizeBytes: number;
}

/** Browser: copies the picked folder into Cache Storage (replacing a folder of the same name). */
export async function storeLocalModel(
  picked: readonly File[],
  paths: readonly string[],
  kind: LocalModelKind = 'sentence encoder',
): Promise<StoredLocalModel> {
  const plan = planLocalModel(
    picked.map((f, i) => ({ path: paths[i]!, size: f.size })),
    undefined,
    kind,
  );
  const cache = await caches.open(LOCAL_MODEL_CACHE);
  for (const key of await cache.keys()) if (key.url.startsWith(keyOf(plan.name, ''))) await cache.delete(key);
  for (const f of plan.files) {
    const file = picked[f.from]!;
    await cache.put(
      keyOf(plan.name, f.to),
      new Response(file, {
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(file.size) },
      }),
    );
  }
  const digest = await crypto.subtle.digest('SHA-256', await picked[plan.onnx]!.arrayBuffer());
  const fingerprint = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  const dim = plan.config >= 0 ? hiddenSizeOf(await picked[plan.config]!.text()) : null;
  return { name: plan.name, dtype: plan.dtype, fingerprint, dim, sizeBytes: plan.sizeBytes };
}

/** Browser and workers: a fetch for transformers.js that serves stored folders and passes anything else on. */
type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export function localModelFetch(fallback: FetchLike): FetchLike {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.href, globalThis.location.origin);
    if (url.origin !== globalThis.location.origin || !url.pathname.startsWith(LOCAL_MODEL_PREFIX))
      return fallback(input, init);
    const hit = await (await caches.open(LOCAL_MODEL_CACHE)).match(url.href);
    return hit ?? new Response(null, { status: 404, statusText: 'not in the stored model folder' });
  };
}
