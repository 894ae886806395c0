// Writes a tiny decoder-only "chat model" folder that @huggingface/transformers loads with
// `pipeline('text-generation', ...)` from a local path, so the in-browser generation provider
// (src/providers/llm/transformers-generation.ts) can be tested with no downloaded weights
// (/work/shared/models/README.md: no LLM weights can reach this machine).
//
// A FIXTURE, NOT A LANGUAGE MODEL. The folder has the layout of a real transformers.js model:
//   config.json             GPT-2 shaped (model_type gpt2, use_cache false)
//   generation_config.json  bos/eos/pad ids
//   tokenizer.json          a WordPiece tokenizer over a ~40-word vocabulary (+ chat special tokens)
//   tokenizer_config.json   with a small Jinja chat_template:
//                           <|system|> … <|end|> <|user|> … <|end|> <|assistant|>
//   onnx/model.onnx         input_ids, attention_mask : int64 [batch, sequence_length]
//                           -> logits : float32 [batch, sequence_length, vocab]
// The graph is a single Gather of a [vocab, vocab] table (embedding and LM head folded into one
// matrix), so the logits at each position depend only on that position's token: row i is 10 at
// NEXT_TOKEN[i] and 0 elsewhere. Greedy decoding after the generation prompt "<|assistant|>" is
// therefore always the REPLY chain below, then </s> (the eos). There is no KV cache: the session
// has no past_key_values inputs / present outputs, and transformers.js then feeds only the newest
// token on each step, which is all this model looks at.
//
// The ModelProto is serialised with the protobuf writer of scripts/make-tiny-encoder.ts.
// Usage: `npx tsx scripts/make-tiny-chat-lm.ts [root]` writes <root>/tiny-chat-lm/ (default .cache/models).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FLOAT, INT64, Proto, le, node, tensor, valueInfo } from './make-tiny-encoder.ts';

export const TINY_CHAT_LM = 'tiny-chat-lm';

const SPECIAL = ['[PAD]', '[UNK]', '<s>', '</s>', '<|system|>', '<|user|>', '<|assistant|>', '<|end|>'] as const;
/** What greedy decoding always answers (after <|assistant|>), then </s>. */
export const REPLY_WORDS = ['the', 'tiny', 'model', 'answers', 'in', 'order', '.'] as const;
/** The decoded reply (the WordPiece decoder joins with spaces and cleans up " ."). */
export const TINY_CHAT_REPLY = 'the tiny model answers in order.';
const OTHER_WORDS = [
  'a',
  'an',
  'is',
  'are',
  'you',
  'what',
  'who',
  'which',
  'of',
  'to',
  'and',
  'hello',
  'hi',
  'please',
  'question',
  'capital',
  'france',
  'paris',
  'helpful',
  'assistant',
  'say',
  'something',
  '?',
  ',',
  '!',
] as const;

export const TINY_CHAT_VOCAB: readonly string[] = [...SPECIAL, ...REPLY_WORDS, ...OTHER_WORDS];
const id = (token: string): number => {
  const i = TINY_CHAT_VOCAB.indexOf(token);
  if (i < 0) throw new Error(`not in the tiny vocab: ${token}`);
  return i;
};

/** next-token table: <|assistant|> -> the -> tiny -> … -> . -> </s>; every other token -> </s>. */
export function nextTokenTable(): number[] {
  const next = TINY_CHAT_VOCAB.map(() => id('</s>'));
  const chain = ['<|assistant|>', ...REPLY_WORDS, '</s>'];
  for (let i = 0; i + 1 < chain.length; i++) next[id(chain[i] as string)] = id(chain[i + 1] as string);
  return next;
}

export function tinyChatLmOnnx(): Uint8Array {
  const v = TINY_CHAT_VOCAB.length;
  const table = new Float32Array(v * v);
  nextTokenTable().forEach((n, i) => {
    table[i * v + n] = 10;
  });
  const graph = new Proto();
  graph.msg(
    1,
    node('Gather', ['next_token_logits', 'input_ids'], ['logits'], [new Proto().str(1, 'axis').int(3, 0).int(20, 2)]),
  );
  graph.str(2, 'hopscope_tiny_chat_lm');
  graph.msg(5, tensor('next_token_logits', FLOAT, [v, v], le(table)));
  // attention_mask is declared (transformers.js feeds it; real decoders take it) but not needed here.
  for (const name of ['input_ids', 'attention_mask'])
    graph.msg(11, valueInfo(name, INT64, ['batch_size', 'sequence_length']));
  graph.msg(12, valueInfo('logits', FLOAT, ['batch_size', 'sequence_length', v]));
  return new Proto()
    .int(1, 8) // ir_version
    .str(2, 'hopscope make-tiny-chat-lm (deterministic fixture, not a language model)')
    .str(3, '1')
    .msg(7, graph)
    .msg(8, new Proto().str(1, '').int(2, 17))
    .finish();
}

export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}<|{{ message['role'] }}|> {{ message['content'] }} <|end|> {% endfor %}" +
  '{% if add_generation_prompt %}<|assistant|>{% endif %}';

function tinyChatFiles(): Record<string, string> {
  const v = TINY_CHAT_VOCAB.length;
  const vocab = Object.fromEntries(TINY_CHAT_VOCAB.map((t, i) => [t, i]));
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
  const tokenizerConfig = {
    tokenizer_class: 'PreTrainedTokenizerFast',
    model_max_length: 1024,
    bos_token: '<s>',
    eos_token: '</s>',
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    additional_special_tokens: ['<|system|>', '<|user|>', '<|assistant|>', '<|end|>'],
    clean_up_tokenization_spaces: true,
    chat_template: TINY_CHAT_TEMPLATE,
  };
  const config = {
    architectures: ['GPT2LMHeadModel'],
    model_type: 'gpt2',
    vocab_size: v,
    n_embd: v,
    n_head: 1,
    n_layer: 1,
    n_positions: 1024,
    n_ctx: 1024,
    bos_token_id: id('<s>'),
    eos_token_id: id('</s>'),
    pad_token_id: id('[PAD]'),
    use_cache: false,
  };
  const generationConfig = { bos_token_id: id('<s>'), eos_token_id: id('</s>'), pad_token_id: id('[PAD]') };
  const json = (o: unknown) => `${JSON.stringify(o, null, 2)}\n`;
  return {
    'tokenizer.json': json(tokenizer),
    'tokenizer_config.json': json(tokenizerConfig),
    'config.json': json(config),
    'generation_config.json': json(generationConfig),
  };
}

/**
 * Builds `<root>/<name>/` (idempotent). Files are written to a temp name and renamed, so
 * concurrent test files never see a half-written model. Returns the folder.
 */
export async function prepareTinyChatLmFolder(root: string, name = TINY_CHAT_LM): Promise<string> {
  const dir = join(root, name);
  await mkdir(join(dir, 'onnx'), { recursive: true });
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const files: Record<string, string | Uint8Array> = { ...tinyChatFiles() };
  files[join('onnx', 'model.onnx')] = tinyChatLmOnnx();
  for (const [f, content] of Object.entries(files)) {
    const path = join(dir, f);
    if (existsSync(path)) continue;
    await writeFile(`${path}.${tag}.tmp`, content);
    await rename(`${path}.${tag}.tmp`, path);
  }
  return dir;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const dir = await prepareTinyChatLmFolder(process.argv[2] ?? '.cache/models');
  console.log(`tiny chat LM written to ${dir}`);
}
