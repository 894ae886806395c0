/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// The planner and the three regimes on the three real datasets in ../shared/data (first 3 questions
// each), through the openai client against the local OpenAI-compatible test server: a scripted model
// that searches once more, then finalizes, and composes from the first document it was shown.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/eval.ts';
import { DIAGNOSTICS } from '../../src/core/eval/diagnostics/index.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';

const DATASETS = ['hotpotqa', '2wikimultihopqa', 'musique'];

function script(body: ChatBody) {
  const system = body.messages[0]?.content ?? '';
  const user = body.messages.at(-1)?.content ?? '';
  const firstTitle = /Doc 1: Wikipedia Title: ([^\n]*)/.exec(user)?.[1];
  if (system.startsWith('You plan the retrieval')) {
    return user.includes('This is step 1 ')
      ? {
          content: JSON.stringify({
            partial_answer: `The documents mention ${firstTitle}.`,
            action: 'continue',
            next_query: `${firstTitle} details`,
            sufficiency: 0.3,
            anchors: [firstTitle],
          }),
        }
      : { content: JSON.stringify({ partial_answer: 'Enough.', action: 'finalize', sufficiency: 0.7, anchors: [] }) };
  }
  if (system.startsWith('You write the final answer'))
    return {
      content: JSON.stringify(
        firstTitle ? { answer: firstTitle, citations: [1] } : { answer: 'insufficient evidence', citations: [] },
      ),
    };
  return { content: 'unexpected prompt' };
}

let server: OpenAiServer;
let dir: string;
beforeAll(async () => {
  server = await startOpenAiServer({ script });
  dir = await mkdtemp(join(tmpdir(), 'hopscope-planner-data-'));
});
afterAll(() => server.close());

describe('planner and three regimes on the real datasets against the local OpenAI-compatible server', () => {
  it.each(DATASETS)('%s', async (name) => {
    const out = join(dir, `${name}.json`);
    const io = { out: () => {}, err: () => {} };
    const before = server.chats().length;
    const code = await main(
      [
        '--dataset',
        `../shared/data/${name}`,
        '--retriever',
        'bm25',
        '--strategy',
        'planner',
        '--llm',
        'openai',
        '--base-url',
        server.baseURL,
        '--model',
        'test-model',
        '--regime',
        'no-context,gold-context,iterative',
        '--limit',
        '3',
        '--k',
        '5,10',
        '--cache-dir',
        'off',
        '--out',
        out,
      ],
      io,
    );
    expect(code).toBe(0);
    const json = JSON.parse(await readFile(out, 'utf8')) as Record<string, any>;
    expect(json.llm).toMatch(/test-model/);
    expect(Object.keys(json.regimes)).toEqual(['no-context', 'gold-context', 'iterative']);
    const it = json.regimes.iterative;
    expect(it.summary.failed).toBe(0);
    expect(it.summary.tokens.byModule['planner.step'].calls).toBe(6); // two steps per question
    expect(it.summary.tokens.byModule['planner.compose'].calls).toBe(3);
    expect(json.regimes['gold-context'].summary['recall@10']).toBe(1);
    expect(json.regimes['no-context'].questions.map((q: any) => q.answer)).toEqual([
      'insufficient evidence',
      'insufficient evidence',
      'insufficient evidence',
    ]);
    for (const r of Object.values(json.regimes) as any[])
      expect(Object.keys(r.summary.diagnostics)).toEqual([...DIAGNOSTICS]);
    expect(it.summary.diagnostics.coverageGap.applicable).toBe(3);
    expect(server.chats().length - before).toBe(3 + 3 + 9); // no-context + gold-context readers, 3 calls per iterative question
  });
});
