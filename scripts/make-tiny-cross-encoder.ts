// Writes a tiny sequence-classification ONNX model so the real transformers.js cross-encoder path (real
// BERT tokenizer with text pairs, ONNX Runtime session, `logits` output) can be tested with no
// downloaded weights. HEURISTIC STAND-IN, NOT A RERANKER: its one logit per pair is
//   logits = sum(token_type_ids * attention_mask) - 8
// i.e. the number of word pieces of the SECOND segment (the passage, with its [SEP]) minus 8, so a test
// knows which passages score <= 0. Same inputs as a BERT cross-encoder (input_ids unused).
// Usage: prepareTinyCrossEncoderFolder(root, '../shared/models/all-MiniLM-L6-v2').
import { FLOAT, INT64, le, node, prepareModelFolder, Proto, tensor, valueInfo } from './make-tiny-encoder.ts';

export const TINY_CROSS_ENCODER_OFFSET = 8;

export function tinyCrossEncoderOnnx(): Uint8Array {
  const graph = new Proto();
  const to = new Proto().str(1, 'to').int(3, FLOAT).int(20, 2); // AttributeProto: name, i, type INT
  const keep = new Proto().str(1, 'keepdims').int(3, 1).int(20, 2);
  const nodes = [
    node('Mul', ['token_type_ids', 'attention_mask'], ['second_segment']),
    node('Cast', ['second_segment'], ['second_float'], [to]),
    node('ReduceSum', ['second_float', 'seq_axis'], ['count'], [keep]),
    node('Sub', ['count', 'offset'], ['logits']),
  ];
  for (const n of nodes) graph.msg(1, n);
  graph.str(2, 'hopscope_tiny_cross_encoder');
  graph.msg(5, tensor('seq_axis', INT64, [1], le(BigInt64Array.of(1n))));
  graph.msg(5, tensor('offset', FLOAT, [], le(Float32Array.of(TINY_CROSS_ENCODER_OFFSET))));
  for (const name of ['input_ids', 'attention_mask', 'token_type_ids'])
    graph.msg(11, valueInfo(name, INT64, ['batch_size', 'sequence_length']));
  graph.msg(12, valueInfo('logits', FLOAT, ['batch_size', 1]));
  return new Proto()
    .int(1, 8)
    .str(2, 'hopscope make-tiny-cross-encoder (heuristic stand-in, not a reranker)')
    .str(3, '1')
    .msg(7, graph)
    .msg(8, new Proto().str(1, '').int(2, 17))
    .finish();
}

export async function prepareTinyCrossEncoderFolder(
  root: string,
  sourceDir: string,
  name = 'tiny-cross-encoder',
): Promise<string> {
  return prepareModelFolder(root, sourceDir, name, tinyCrossEncoderOnnx);
}
