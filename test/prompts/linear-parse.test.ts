// Replies are read in linear time after a size cap: one pass with a bracket stack, the last
// schema-valid value preferred (a format example or a draft before the answer never wins), every code
// fence searched, an unclosed think block read as "no answer yet" unless a value ends the reply.
// Adversarial replies complete with a typed error (timings are in bench/reply-parse.ts, not asserted here).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  extractJson,
  jsonSpans,
  LlmOutputError,
  MAX_PARSED_REPLY,
  readJsonReply,
  withoutThink,
} from '../../src/prompts/parse.ts';
import * as reader from '../../src/prompts/qa-reader.ts';
import * as ircot from '../../src/prompts/ircot-step.ts';
import { STRATEGY_PROMPTS } from '../../src/prompts/strategy-prompts.ts';

const answer = (a: string) => JSON.stringify({ thought: 't', answer: a });

describe('adversarial replies complete with a typed error', () => {
  it('1 MB of unclosed brackets is refused by the size cap, typed, with the length', () => {
    const reply = '['.repeat(1_000_000);
    let error: unknown;
    try {
      reader.parse(reply);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LlmOutputError);
    expect((error as LlmOutputError).reason).toContain('1000000 characters');
    expect((error as LlmOutputError).reply.length).toBeLessThan(5000); // the error does not carry the megabyte
  });

  // Just under the cap, each shape that made an earlier scanner or a label expression quadratic.
  const N = MAX_PARSED_REPLY - 10;
  it.each([
    ['unclosed [', '['.repeat(N)],
    ['unclosed {"a":', '{"a":'.repeat(N / 5)],
    ['line breaks', '\n'.repeat(N)],
    ['spaces and line breaks', ' \n'.repeat(N / 2)],
    ['empty arrays', '[]'.repeat(N / 2)],
    ['unclosed strings in a span', '["'.repeat(N / 2)],
    ['closing think tags', '</think>'.repeat(Math.floor(N / 8))],
  ])('%s: every strategy prompt completes with a typed error or a value', (_name, reply) => {
    for (const p of Object.values(STRATEGY_PROMPTS) as { parse: (r: string, n: number) => unknown }[]) {
      try {
        p.parse(reply, 10);
      } catch (e) {
        expect(e).toBeInstanceOf(LlmOutputError);
      }
    }
  });

  it('the bracket scan clears its stack on a mismatch and offers the children of a span that is not JSON', () => {
    expect(jsonSpans('[}{"a":1}')).toEqual([{ start: 2, end: 8 }]);
    expect(extractJson('{see [1, 2]}')).toBe('[1, 2]');
    expect(extractJson('it\'s "quoted" {"a": "b"}')).toBe('{"a": "b"}'); // prose quotes do not hide a span
  });
});

describe('which value is the answer', () => {
  it('a format example before the real JSON does not win', () => {
    const reply = `Reply like ${answer('1862')}. Here is mine: ${answer('Paris')}`;
    expect(reader.parse(reply).answer).toBe('Paris');
  });

  it('every code fence is searched, not only the first', () => {
    const reply = '```\nno json here\n```\nand then\n```json\n' + answer('Paris') + '\n```';
    expect(reader.read(reply)).toEqual({ value: { thought: 't', answer: 'Paris' }, form: 'fenced-json' });
  });

  it('a value that does not fit the schema does not hide an earlier one that does', () => {
    expect(reader.parse(`${answer('Paris')} and also [1, 2]`).answer).toBe('Paris');
  });

  it('after a closed think block, a draft inside it is never read', () => {
    const reply = `<think>maybe ${answer('draft')}</think>\n${answer('real')}`;
    expect(reader.read(reply)).toEqual({ value: { thought: 't', answer: 'real' }, form: 'think+json' });
  });

  it('an unclosed think block with a draft and the real JSON after it: the real one', () => {
    const reply = `<think>first idea ${answer('draft')} but no, it is\n${answer('real')}`;
    expect(reader.parse(reply).answer).toBe('real');
  });

  it('an unclosed think block whose only JSON is a draft mid-reasoning: no answer yet', () => {
    const reply = `<think>first idea ${answer('draft')} but let me check the second passage`;
    expect(() => reader.parse(reply)).toThrow(/think block is not closed: no answer yet/);
    expect(() => ircot.parse('<think>So the answer is: draft, but wait')).toThrow(/not closed/);
  });

  it('several think blocks: the text after the last one', () => {
    expect(withoutThink('<think>a</think> x <think>b</think> y')).toEqual({ body: 'y', think: true });
  });

  it('readJsonReply names the last value’s schema problem when nothing fits', () => {
    expect(() => readJsonReply('m', '{"a": 1}', z.object({ b: z.string() }))).toThrow(/b: /);
  });
});
