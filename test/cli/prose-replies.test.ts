/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely */
// A model that answers in plain prose: the reader takes the text after the last answer marker or the
// first line (reply form "free-text", counted in the summary), so no question fails; GraphRAG reports and
// RAPTOR summaries whose replies cannot be read fall back, per node, to the labelled extractive stand-in,
// counted and warned once, and the build goes on.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch } from '../support/scratch.ts';

const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

const scratchDir = scratch('prose');
const fresh = scratchDir.fresh;

const TEXTS = [
  'Alba Castle stands in Varna, a port city on the Black Sea.',
  'Varna is the third largest city of Bulgaria and lies on the coast.',
  'Bruno Lenz was born in Alba Castle and later moved to Vienna.',
  'Vienna is the capital of Austria and lies on the Danube.',
  'Karl Ober painted the harbour of Varna in 1901.',
  'The Danube flows through Vienna, Bratislava and Budapest.',
];

async function dataset(texts = TEXTS) {
  const dir = await fresh('data');
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(texts.map((text, i) => ({ title: `Doc ${i}`, text }))));
  await writeFile(
    join(dir, 'questions.json'),
    JSON.stringify([
      { _id: 'q1', question: 'In which country is Alba Castle?', answer: 'Bulgaria', supporting_titles: ['Doc 0'] },
      { _id: 'q2', question: 'Where did Bruno Lenz move?', answer: 'Vienna', supporting_titles: ['Doc 2'] },
    ]),
  );
  return dir;
}

const text = (b: ChatBody) => b.messages.map((m) => m.content).join('\n');
const isReader = (b: ChatBody) => text(b).includes('reading comprehension assistant');
const isReport = (b: ChatBody) => text(b).includes('information discovery');
const isSummary = (b: ChatBody) => text(b).includes('Write a summary of the following');
const question = (b: ChatBody) => [...text(b).matchAll(/Question: (.*)/g)].at(-1)?.[1] ?? '';
/** The reader's question, answered in prose. */
const prose = (b: ChatBody) =>
  question(b).includes('Alba') ? 'It lies in Varna, so the answer is: Bulgaria.' : 'Vienna.\nHe moved there later.';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(() => server.close());

const llm = () => ['--llm', 'openai', '--base-url', server.baseURL, '--model', 'test-model', '--cache-dir', 'off'];

describe('a server that answers the reader in prose', () => {
  it('0 failed questions, both answers right, reply form free-text counted in the summary and the table', async () => {
    server.setScript((b) => ({ content: prose(b) }));
    const data = await dataset();
    const out = scratchDir.path('prose');
    const r = await run(['--dataset', data, '--retriever', 'bm25', '--strategy', 'static', ...llm(), '--out', out]);
    expect(r.code).toBe(0);
    const json = await readJson(out);
    expect(json.summary.failed).toBe(0);
    expect(json.questions.map((q: any) => q.answer)).toEqual(['Bulgaria', 'Vienna']);
    expect(json.summary.replyForms).toEqual({ 'free-text': 2 });
    expect(r.stdout).toContain('Replies read as: free-text 2');
  });

  it('an empty reply still fails its question', async () => {
    server.setScript((b) => ({ content: question(b).includes('Alba') && isReader(b) ? '' : prose(b) }));
    const data = await dataset();
    const out = scratchDir.path('empty');
    const r = await run(['--dataset', data, '--retriever', 'bm25', '--strategy', 'static', ...llm(), '--out', out]);
    expect(r.code).toBe(3);
    expect((await readJson(out)).summary.failed).toBe(1);
  });
});

describe('backbone texts that cannot be read fall back per node', () => {
  it('GraphRAG reports in prose: the run finishes, the fallbacks are counted and warned once', async () => {
    server.setScript((b) => ({
      content: isReport(b) ? 'These entities are all about Bulgaria and Austria.' : prose(b),
    }));
    const data = await dataset();
    const out = scratchDir.path('graphrag');
    const r = await run(['--dataset', data, '--retriever', 'graphrag', '--strategy', 'static', ...llm(), '--out', out]);
    expect(r.code).toBe(0);
    expect(server.chats().some((c) => c.body && isReport(c.body))).toBe(true);
    const warnings = r.stderr.split('\n').filter((l) => l.includes('community reports could not be read'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/graphrag: (\d+) of \1 community reports could not be read/);
    expect((await readJson(out)).summary.failed).toBe(0);
  });

  it('RAPTOR summaries that come back empty: the labelled stand-in writes those nodes, the build goes on', async () => {
    server.setScript((b) => ({ content: isSummary(b) ? '' : prose(b) }));
    // enough passages for a level of summaries above the leaves
    const towns = ['Varna', 'Vienna', 'Sofia', 'Graz', 'Linz', 'Burgas', 'Plovdiv', 'Salzburg'];
    const more = Array.from(
      { length: 40 },
      (_, i) =>
        `${towns[i % 8]} has a ${['harbour', 'castle', 'bridge', 'museum', 'river'][i % 5]} built in ${1800 + i}.`,
    );
    const data = await dataset([...TEXTS, ...more]);
    const r = await run(['--dataset', data, '--retriever', 'raptor', '--strategy', 'static', ...llm()]);
    expect(r.code).toBe(0);
    expect(r.stderr.match(/summaries could not be read/g)).toHaveLength(1);
  });
});
