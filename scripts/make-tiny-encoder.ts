// Writes a tiny BERT-shaped ONNX encoder so the real transformers.js feature-extraction path (real
// all-MiniLM-L6-v2 tokenizer + config, ONNX Runtime session, mean pooling, normalisation, worker) can be
// tested with no downloaded weights (/work/shared/models/README.md).
//
// HEURISTIC STAND-IN, NOT A LANGUAGE MODEL. Same interface as a BERT encoder:
//   input_ids, attention_mask, token_type_ids : int64 [batch, sequence_length]
//   -> last_hidden_state : float32 [batch, sequence_length, 384]
// computed as  (wordEmb[input_ids mod buckets] * tokenWeight + typeEmb[token_type_ids]) * attention_mask,
// with seeded Gaussian rows, so texts sharing word pieces get similar mean-pooled vectors (a hashed
// bag-of-word-pieces). Ids below 1,000 ([PAD], [CLS], [SEP], [UNK], punctuation, single characters in the
// BERT vocab) get a small weight so that special tokens do not dominate every vector.
//
// The ModelProto is serialised with a ~60-line protobuf writer below (field numbers from onnx.proto3),
// so no Python or protobuf dependency is needed. Usage: `npx tsx scripts/make-tiny-encoder.ts <dir>`
// writes <dir>/onnx/model.onnx and copies the real tokenizer/config next to it.
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface TinyEncoderOptions {
  /** Hidden size; 384 like all-MiniLM-L6-v2. */
  dim: number;
  /** Hash buckets for word-piece ids (rows of the embedding table). */
  buckets: number;
  seed: number;
}

export const TINY_ENCODER_DEFAULTS: Readonly<TinyEncoderOptions> = Object.freeze({
  dim: 384,
  buckets: 4096,
  seed: 20240607,
});

// ---- protobuf wire format (varint = 0, length-delimited = 2, fixed32 = 5) ----
export class Proto {
  private readonly parts: Uint8Array[] = [];
  private varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    const bytes: number[] = [];
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) b |= 0x80;
      bytes.push(b);
    } while (v !== 0n);
    this.parts.push(Uint8Array.from(bytes));
  }
  int(field: number, value: number): this {
    this.varint(field << 3);
    this.varint(value);
    return this;
  }
  bytes(field: number, value: Uint8Array): this {
    this.varint((field << 3) | 2);
    this.varint(value.length);
    this.parts.push(value);
    return this;
  }
  str(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }
  msg(field: number, value: Proto): this {
    return this.bytes(field, value.finish());
  }
  finish(): Uint8Array {
    const total = this.parts.reduce((s, p) => s + p.length, 0);
    const out = new Uint8Array(total);
    let o = 0;
    for (const p of this.parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }
}

export const FLOAT = 1;
export const INT64 = 7;
const ATTR_INT = 2;

export function tensor(name: string, dataType: number, dims: number[], raw: Uint8Array): Proto {
  const t = new Proto();
  for (const d of dims) t.int(1, d);
  return t.int(2, dataType).str(8, name).bytes(9, raw);
}

export function valueInfo(name: string, elemType: number, dims: (number | string)[]): Proto {
  const shape = new Proto();
  for (const d of dims) shape.msg(1, typeof d === 'number' ? new Proto().int(1, d) : new Proto().str(2, d));
  const tensorType = new Proto().int(1, elemType).msg(2, shape);
  return new Proto().str(1, name).msg(2, new Proto().msg(1, tensorType));
}

export function node(op: string, inputs: string[], outputs: string[], attrs: Proto[] = []): Proto {
  const n = new Proto();
  for (const i of inputs) n.str(1, i);
  for (const o of outputs) n.str(2, o);
  n.str(3, `${op}_${outputs[0]}`).str(4, op);
  for (const a of attrs) n.msg(5, a);
  return n;
}

const intAttr = (name: string, v: number) => new Proto().str(1, name).int(3, v).int(20, ATTR_INT);

/** Seeded PRNG (mulberry32) and Box–Muller Gaussians: the same bytes on every machine. */
function gaussians(count: number, seed: number): Float32Array {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = new Float32Array(count);
  for (let i = 0; i < count; i += 2) {
    const u = Math.max(uniform(), 1e-12);
    const v = uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < count) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

export const le = (a: Float32Array | BigInt64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** The serialised ModelProto (ONNX IR 8, opset 17). */
export function tinyEncoderOnnx(options: Partial<TinyEncoderOptions> = {}): Uint8Array {
  const { dim, buckets, seed } = { ...TINY_ENCODER_DEFAULTS, ...options };
  const word = gaussians(buckets * dim, seed);
  // Small weight for special tokens, punctuation and characters (ids < 1000 in the BERT vocab).
  const tokenWeight = new Float32Array(buckets).fill(1);
  for (let i = 0; i < Math.min(1000, buckets); i++) tokenWeight[i] = 0.05;
  for (let r = 0; r < buckets; r++)
    for (let c = 0; c < dim; c++) word[r * dim + c] = (word[r * dim + c] as number) * (tokenWeight[r] as number);
  const type = gaussians(2 * dim, seed + 1).map((x) => x * 0.01);

  const graph = new Proto();
  const nodes = [
    node('Mod', ['input_ids', 'buckets'], ['bucket_ids']),
    node('Gather', ['word_embeddings', 'bucket_ids'], ['word_vectors'], [intAttr('axis', 0)]),
    node('Gather', ['token_type_embeddings', 'token_type_ids'], ['type_vectors'], [intAttr('axis', 0)]),
    node('Add', ['word_vectors', 'type_vectors'], ['summed']),
    node('Cast', ['attention_mask'], ['mask_float'], [intAttr('to', FLOAT)]),
    node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_3d']),
    node('Mul', ['summed', 'mask_3d'], ['last_hidden_state']),
  ];
  for (const n of nodes) graph.msg(1, n);
  graph.str(2, 'hopscope_tiny_encoder');
  graph.msg(5, tensor('buckets', INT64, [], le(BigInt64Array.of(BigInt(buckets)))));
  graph.msg(5, tensor('last_axis', INT64, [1], le(BigInt64Array.of(-1n))));
  graph.msg(5, tensor('word_embeddings', FLOAT, [buckets, dim], le(word)));
  graph.msg(5, tensor('token_type_embeddings', FLOAT, [2, dim], le(type)));
  for (const name of ['input_ids', 'attention_mask', 'token_type_ids'])
    graph.msg(11, valueInfo(name, INT64, ['batch_size', 'sequence_length']));
  graph.msg(12, valueInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', dim]));

  const model = new Proto()
    .int(1, 8) // ir_version
    .str(2, 'hopscope make-tiny-encoder (heuristic stand-in, not a language model)')
    .str(3, '1')
    .msg(7, graph)
    .msg(8, new Proto().str(1, '').int(2, 17));
  return model.finish();
}

/** Files copied from the real model folder (the ONNX weights are what is missing there). */
export const REAL_MODEL_FILES = ['tokenizer.json', 'tokenizer_config.json', 'config.json'] as const;

/**
 * Builds a transformers.js local model folder `<root>/<name>/` = real tokenizer + config from
 * `sourceDir` and the generated `onnx/model.onnx`. Idempotent; files are written to a temp name
 * and renamed, so concurrent test files never see half-written models.
 */
export async function prepareTinyEncoderFolder(root: string, sourceDir: string, name = 'tiny-minilm'): Promise<string> {
  return prepareModelFolder(root, sourceDir, name, tinyEncoderOnnx);
}

/** A local model folder: the real tokenizer + config from `sourceDir` and `onnx/model.onnx` from `onnx()`. */
export async function prepareModelFolder(
  root: string,
  sourceDir: string,
  name: string,
  onnx: () => Uint8Array,
): Promise<string> {
  const dir = join(root, name);
  const onnxPath = join(dir, 'onnx', 'model.onnx');
  await mkdir(join(dir, 'onnx'), { recursive: true });
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  for (const f of REAL_MODEL_FILES) {
    if (existsSync(join(dir, f))) continue;
    await copyFile(join(sourceDir, f), join(dir, `${f}.${tag}.tmp`));
    await rename(join(dir, `${f}.${tag}.tmp`), join(dir, f));
  }
  if (!existsSync(onnxPath)) {
    await writeFile(`${onnxPath}.${tag}.tmp`, onnx());
    await rename(`${onnxPath}.${tag}.tmp`, onnxPath);
  }
  return dir;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const out = process.argv[2] ?? '.cache/models';
  const source = process.argv[3] ?? '../shared/models/all-MiniLM-L6-v2';
  const dir = await prepareTinyEncoderFolder(out, source);
  console.log(`tiny encoder written to ${dir}`);
}
