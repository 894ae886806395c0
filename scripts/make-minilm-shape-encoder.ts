// Writes an ONNX encoder with all-MiniLM-L6-v2's ARCHITECTURE and RANDOM weights (seeded Gaussians x
// 0.02): BERT embeddings (word 30522 + position 512 + type 2, LayerNorm), 6 layers of 12-head
// self-attention (hidden 384, head 32) with the attention mask, residual + LayerNorm, a 1536-wide GELU
// feed-forward, residual + LayerNorm. Same shapes and ops = the same compute per token as the real
// model, so `npm run bench -- embed` can time MiniLM-sized inference with no downloaded weights.
// NOT A LANGUAGE MODEL: its vectors mean nothing. Inputs/outputs as BERT: input_ids, attention_mask,
// token_type_ids int64 [batch, seq] -> last_hidden_state float32 [batch, seq, 384].
// Usage: `npx tsx scripts/make-minilm-shape-encoder.ts <root>` writes <root>/minilm-shape/ (real
// tokenizer + config copied next to the generated onnx/model.onnx, ~90 MB).
import { resolve } from 'node:path';
import { FLOAT, INT64, le, node, prepareModelFolder, Proto, tensor, valueInfo } from './make-tiny-encoder.ts';

export const MINILM_SHAPE = Object.freeze({
  vocab: 30522,
  positions: 512,
  hidden: 384,
  heads: 12,
  layers: 6,
  intermediate: 1536,
});

function random(count: number, seed: number, scale: number): Float32Array {
  let s = seed >>> 0;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    // mulberry32 uniform -> a cheap approximately Gaussian sum of two uniforms
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    out[i] = (u * 2 - 1) * scale * 1.7;
  }
  return out;
}

const ints = (name: string, values: number[]) => {
  const a = new Proto().str(1, name);
  for (const v of values) a.int(8, v);
  return a.int(20, 7); // AttributeProto.INTS
};
const int = (name: string, v: number) => new Proto().str(1, name).int(3, v).int(20, 2);

export function minilmShapeOnnx(seed = 20260601): Uint8Array {
  const { vocab, positions, hidden: H, heads, layers, intermediate: I } = MINILM_SHAPE;
  const head = H / heads;
  const graph = new Proto();
  const init = (name: string, dims: number[], data: Float32Array | BigInt64Array) =>
    graph.msg(5, tensor(name, data instanceof BigInt64Array ? INT64 : FLOAT, dims, le(data)));
  const nodes: Proto[] = [];
  const op = (type: string, inputs: string[], output: string, attrs: Proto[] = []) => {
    nodes.push(node(type, inputs, [output], attrs));
    return output;
  };
  let k = seed;
  const weight = (name: string, dims: number[], scale = 0.02) => {
    init(
      name,
      dims,
      random(
        dims.reduce((a, b) => a * b, 1),
        k++,
        scale,
      ),
    );
    return name;
  };
  const constant = (name: string, dims: number[], values: number[]) => {
    init(name, dims, Float32Array.from(values));
    return name;
  };
  const ones = (name: string, n: number) => constant(name, [n], new Array(n).fill(1));
  const zeros = (name: string, n: number) => constant(name, [n], new Array(n).fill(0));
  init('axes_12', [2], BigInt64Array.of(1n, 2n));
  init('idx_1', [], BigInt64Array.of(1n));
  init('zero_i', [], BigInt64Array.of(0n));
  init('one_i', [], BigInt64Array.of(1n));
  init('split_heads', [4], BigInt64Array.of(0n, 0n, BigInt(heads), BigInt(head)));
  init('merge_heads', [3], BigInt64Array.of(0n, 0n, BigInt(H)));
  constant('one_f', [], [1]);
  constant('neg_big', [], [-10000]);
  constant('half', [], [0.5]);
  constant('sqrt2', [], [Math.SQRT2]);
  constant('scale', [], [1 / Math.sqrt(head)]);

  // Embeddings: word + position + type, LayerNorm.
  op('Shape', ['input_ids'], 'ids_shape');
  op('Gather', ['ids_shape', 'idx_1'], 'seq_len', [int('axis', 0)]);
  op('Range', ['zero_i', 'seq_len', 'one_i'], 'position_ids');
  op('Gather', [weight('word_embeddings', [vocab, H]), 'input_ids'], 'w_emb', [int('axis', 0)]);
  op('Gather', [weight('position_embeddings', [positions, H]), 'position_ids'], 'p_emb', [int('axis', 0)]);
  op('Gather', [weight('token_type_embeddings', [2, H]), 'token_type_ids'], 't_emb', [int('axis', 0)]);
  op('Add', ['w_emb', 'p_emb'], 'wp_emb');
  op('Add', ['wp_emb', 't_emb'], 'emb_sum');
  let x = op('LayerNormalization', ['emb_sum', ones('emb_ln_g', H), zeros('emb_ln_b', H)], 'emb_out');

  // Additive attention mask (B, 1, 1, S): 0 where attended, -10000 on padding.
  op('Cast', ['attention_mask'], 'mask_f', [int('to', FLOAT)]);
  op('Sub', ['one_f', 'mask_f'], 'mask_inv');
  op('Mul', ['mask_inv', 'neg_big'], 'mask_add');
  op('Unsqueeze', ['mask_add', 'axes_12'], 'mask_4d');

  const dense = (input: string, name: string, inDim: number, outDim: number) => {
    op('MatMul', [input, weight(`${name}_w`, [inDim, outDim])], `${name}_mm`);
    return op('Add', [`${name}_mm`, zeros(`${name}_b`, outDim)], `${name}_out`);
  };
  for (let l = 0; l < layers; l++) {
    const p = `l${l}`;
    const heads4 = (t: string, name: string, perm: number[]) => {
      op('Reshape', [t, 'split_heads'], `${name}_r`);
      return op('Transpose', [`${name}_r`], `${name}_t`, [ints('perm', perm)]);
    };
    const q = heads4(dense(x, `${p}_q`, H, H), `${p}_qh`, [0, 2, 1, 3]);
    const kT = heads4(dense(x, `${p}_k`, H, H), `${p}_kh`, [0, 2, 3, 1]);
    const v = heads4(dense(x, `${p}_v`, H, H), `${p}_vh`, [0, 2, 1, 3]);
    op('MatMul', [q, kT], `${p}_scores`);
    op('Mul', [`${p}_scores`, 'scale'], `${p}_scaled`);
    op('Add', [`${p}_scaled`, 'mask_4d'], `${p}_masked`);
    op('Softmax', [`${p}_masked`], `${p}_probs`, [int('axis', -1)]);
    op('MatMul', [`${p}_probs`, v], `${p}_ctx`);
    op('Transpose', [`${p}_ctx`], `${p}_ctx_t`, [ints('perm', [0, 2, 1, 3])]);
    op('Reshape', [`${p}_ctx_t`, 'merge_heads'], `${p}_ctx_m`);
    const attn = dense(`${p}_ctx_m`, `${p}_o`, H, H);
    op('Add', [x, attn], `${p}_res1`);
    const x1 = op('LayerNormalization', [`${p}_res1`, ones(`${p}_ln1_g`, H), zeros(`${p}_ln1_b`, H)], `${p}_ln1`);
    const up = dense(x1, `${p}_ff1`, H, I);
    // GELU(x) = 0.5 x (1 + erf(x / sqrt 2))
    op('Div', [up, 'sqrt2'], `${p}_g_div`);
    op('Erf', [`${p}_g_div`], `${p}_g_erf`);
    op('Add', [`${p}_g_erf`, 'one_f'], `${p}_g_add`);
    op('Mul', [up, `${p}_g_add`], `${p}_g_mul`);
    op('Mul', [`${p}_g_mul`, 'half'], `${p}_gelu`);
    const down = dense(`${p}_gelu`, `${p}_ff2`, I, H);
    op('Add', [x1, down], `${p}_res2`);
    x = op(
      'LayerNormalization',
      [`${p}_res2`, ones(`${p}_ln2_g`, H), zeros(`${p}_ln2_b`, H)],
      l === layers - 1 ? 'last_hidden_state' : `${p}_ln2`,
    );
  }
  for (const n of nodes) graph.msg(1, n);
  graph.str(2, 'hopscope_minilm_shape_random');
  for (const name of ['input_ids', 'attention_mask', 'token_type_ids'])
    graph.msg(11, valueInfo(name, INT64, ['batch_size', 'sequence_length']));
  graph.msg(12, valueInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', H]));
  return new Proto()
    .int(1, 8)
    .str(2, 'hopscope make-minilm-shape-encoder (random weights, not a language model)')
    .str(3, '1')
    .msg(7, graph)
    .msg(8, new Proto().str(1, '').int(2, 17))
    .finish();
}

/** `<root>/<name>/` = real tokenizer + config from `sourceDir` and the generated onnx/model.onnx. Idempotent. */
export async function prepareMinilmShapeFolder(
  root: string,
  sourceDir: string,
  name = 'minilm-shape',
): Promise<string> {
  return prepareModelFolder(root, sourceDir, name, minilmShapeOnnx);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dir = await prepareMinilmShapeFolder(
    process.argv[2] ?? '.cache/models',
    process.argv[3] ?? '../shared/models/all-MiniLM-L6-v2',
  );
  console.log(`MiniLM-shaped random encoder written to ${dir}`);
}
