// `npm run bench -- reply-parse`: how long the prompts' reply parsers take on adversarial replies just
// under the parse cap (src/prompts/parse.ts MAX_PARSED_REPLY) and on 1 MB (refused by the cap), against
// JSON.parse of a well-formed reply of the same length measured in the same run. Asserts nothing.
import { MAX_PARSED_REPLY } from '../src/prompts/parse.ts';
import { STRATEGY_PROMPTS } from '../src/prompts/strategy-prompts.ts';

const N = MAX_PARSED_REPLY - 10;
const SHAPES: Record<string, string> = {
  'unclosed [ (1 MB)': '['.repeat(1_000_000),
  'unclosed [': '['.repeat(N),
  'unclosed {"a":': '{"a":'.repeat(N / 5),
  'line breaks': '\n'.repeat(N),
  'spaces and line breaks': ' \n'.repeat(N / 2),
  'empty arrays': '[]'.repeat(N / 2),
  'unclosed strings': '["'.repeat(N / 2),
  'closing think tags': '</think>'.repeat(Math.floor(N / 8)),
};

export async function main(): Promise<void> {
  const reference = JSON.stringify({ thought: 'x'.repeat(N - 40), answer: 'Paris' });
  let t = performance.now();
  JSON.parse(reference);
  const ref = performance.now() - t;
  const prompts = Object.entries(STRATEGY_PROMPTS) as [string, { parse: (r: string, n: number) => unknown }][];
  console.log(`reference: JSON.parse of ${reference.length} characters: ${ref.toFixed(2)} ms`);
  console.log(
    'shape'.padEnd(26),
    'slowest prompt'.padEnd(20),
    'ms'.padStart(8),
    'x reference'.padStart(12),
    'all prompts ms'.padStart(16),
  );
  for (const [name, reply] of Object.entries(SHAPES)) {
    let worst = ['', 0] as [string, number];
    let all = 0;
    for (const [key, p] of prompts) {
      t = performance.now();
      try {
        p.parse(reply, 10);
      } catch {
        // a typed LlmOutputError: what is measured is how long it takes
      }
      const ms = performance.now() - t;
      all += ms;
      if (ms > worst[1]) worst = [key, ms];
    }
    console.log(
      name.padEnd(26),
      worst[0].padEnd(20),
      worst[1].toFixed(1).padStart(8),
      (worst[1] / Math.max(ref, 0.01)).toFixed(0).padStart(12),
      all.toFixed(1).padStart(16),
    );
  }
}
