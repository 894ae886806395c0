// GEAR and SyncGE through the real openai client against the local OpenAI-compatible test server with
// the exact appendix J.2 prompts: scripted replies, what went over the wire, a malformed read reply as a
// typed and counted failure, and an abort within a second that keeps the partial trace.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateStrategy } from '../../../src/core/batch/strategy.ts';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { runStrategy } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import { TripleIndex } from '../../../src/core/triples/triple-index.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import type { Retriever } from '../../../src/core/types.ts';
import { GEAR_READ_PROMPT } from '../../../src/prompts/gear-read-port.ts';
import * as reader from '../../../src/prompts/gear-reader.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { formatPassages } from '../../../src/prompts/qa-reader.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../../support/openai-server.ts';

const demo = new URL('../../../public/demo/', import.meta.url);
const dataset = loadDataset(
  'demo',
  ['demo.json', 'demo_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, demo), 'utf8') })),
);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const bm25 = createBm25Retriever(dataset.corpus.passages);
const tripleIndex = TripleIndex.fromTripleSet(extractTriplesOffline(dataset.corpus.passages));
const question = dataset.questions[0]!; // the fog-lantern question, answer Dunmere
const meta = { corpus: dataset.corpus, retrieverName: 'naivege' };

let mode: 'ok' | 'malformed' | 'hang-reason' = 'ok';
function reply(body: ChatBody): { content?: string; fault?: { kind: 'hang' } } {
  const text = body.messages.map((m) => m.content).join('\n');
  if (text.startsWith('Your task is to find facts that help answer an input question.')) {
    if (mode === 'malformed') return { content: 'I could not find any facts in these documents.' };
    return text.includes('and some preliminary facts provided below')
      ? { content: '("Ione Marlow", "spent her childhood in", "Dunmere")' }
      : { content: 'Facts: ("Ione Marlow", "devised", "fog-lantern"), ("fog-lantern", "first lit in", "1858")' };
  }
  if (text.includes('You are given an input question and a set of known facts')) {
    if (mode === 'hang-reason') return { fault: { kind: 'hang' } };
    return text.includes('Dunmere')
      ? { content: 'Answerable: Yes\nAnswer: Dunmere' }
      : { content: 'Answerable: No\nWhy: The facts do not say where Ione Marlow spent her childhood.' };
  }
  if (text.includes('Next Question:')) return { content: 'Next Question: Where did Ione Marlow spend her childhood?' };
  if (text.includes('present a concise, definitive answer')) return { content: 'Answer: Dunmere' };
  return { content: 'unexpected prompt' };
}

let server: OpenAiServer;
let naivege: Retriever;
beforeAll(async () => {
  server = await startOpenAiServer({ script: (body) => reply(body) });
  naivege = await backboneRetriever('naivege', dataset.corpus, { base: bm25, tripleIndex });
});
afterAll(() => server.close());
const llm = () => new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });

describe('GEAR agent over the OpenAI-compatible test server', () => {
  it('sends the exact J.2 / J.3 prompts, records what each call saw, and stops when answerable', async () => {
    mode = 'ok';
    const before = server.chats().length;
    const trace = await runStrategy(
      'gear',
      question,
      { retriever: naivege, llm: llm(), prompts: STRATEGY_PROMPTS, passages },
      meta,
    );
    expect(trace.status).toBe('done');
    expect(traceAnswer(trace)).toBe('Dunmere');
    const chats = server.chats().slice(before);
    const calls = trace.events.filter((e) => e.type === 'llm');
    // per step: SyncGE's read (Eq. 1), the gist read (Eq. 4), answerability (Eq. 6), the rewrite (Eq. 7)
    expect(calls.map((e) => (e.type === 'llm' ? e.module : ''))).toEqual([
      'gear.reader',
      'gear.reader',
      'gear.reasoning',
      'gear.query-rewrite',
      'gear.reader',
      'gear.reader',
      'gear.reasoning',
      'gear.qa',
    ]);
    expect(chats.map((c) => c.body?.messages)).toEqual(calls.map((e) => (e.type === 'llm' ? e.prompt : [])));
    // the first read is J.2 without memory over the step's base passages, byte for byte
    const ctx = trace.events.find((e) => e.type === 'context' && e.module === 'gear.reader');
    const shown = ctx?.type === 'context' ? ctx.ids.map((id) => passages.get(id)!) : [];
    expect(shown.map((p) => p.id)).toEqual((await bm25.retrieve(question.question, 10)).map((r) => r.id));
    expect(chats[0]!.body!.messages).toEqual([
      { role: 'user', content: reader.prompt(question.question, formatPassages(shown), []) },
    ]);
    // the gist read of step 1 reads the graph-expanded contexts C_q(1) with the question, no memory yet
    const contexts = trace.events.filter((e) => e.type === 'context' && e.module === 'gear.reader');
    const expanded = trace.events.filter((e) => e.type === 'retrieve' && e.label.endsWith('(graph expansion)'));
    const ids = (e: (typeof trace.events)[number] | undefined) =>
      e?.type === 'context' ? e.ids : e?.type === 'retrieve' ? e.results.slice(0, 10).map((r) => r.id) : [];
    expect(ids(contexts[1])).toEqual(ids(expanded[0]));
    expect(chats[1]!.body!.messages[0]!.content).toContain(`Question: ${question.question}`);
    // step 2: SyncGE reads with the rewritten query q(2) and no memory ...
    expect(chats[4]!.body!.messages[0]!.content).toContain('Question: Where did Ione Marlow spend her childhood?');
    expect(chats[4]!.body!.messages[0]!.content).not.toContain('preliminary facts');
    // ... and the gist read of C_q(2) carries the question and the gist memory G^(1)
    expect(ids(contexts[3])).toEqual(ids(expanded[1]));
    expect(chats[5]!.body!.messages[0]!.content).toContain(`Question: ${question.question}`);
    expect(chats[5]!.body!.messages[0]!.content).toContain(
      'Facts: ("Ione Marlow", "devised", "fog-lantern"), ("fog-lantern", "first lit in", "1858")',
    );
    const memories = trace.events.filter((e) => e.type === 'memory');
    expect(memories.map((m) => (m.type === 'memory' ? m.entries.map((e) => e.triple![2]) : []))).toEqual([
      ['fog-lantern', '1858'],
      ['fog-lantern', '1858', 'Dunmere'],
    ]);
    const last = memories[1]!;
    expect(last.type === 'memory' && last.entries[2]!.queries).toEqual(['Where did Ione Marlow spend her childhood?']);
    expect(trace.events.filter((e) => e.type === 'thought').map((e) => (e.type === 'thought' ? e.kind : ''))).toEqual([
      'answerability',
      'rewrite',
      'answerability',
      'stop', // the recorded decision to stop, which stopping calibration reads
    ]);
    for (const e of calls) expect(e.type === 'llm' && e.usage.total).toBeGreaterThan(0);
  });

  it('a malformed read reply fails the question with a typed LlmOutputError, counted by the batch', async () => {
    mode = 'malformed';
    const result = await evaluateStrategy([question], {
      strategy: 'gear',
      retriever: naivege,
      retrieverName: 'naivege',
      llm: llm(),
      prompts: STRATEGY_PROMPTS,
      passages,
      corpus: dataset.corpus,
      ks: [5],
    });
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]!.errors[0]).toMatch(/gear\.reader.*no \("subject", "predicate", "object"\) triple found/);
  });

  // The server never answers the hung call: the run ends only if the abort stops it (no clock is read).
  it('an abort stops the run and keeps its partial trace', { timeout: 60_000 }, async () => {
    mode = 'hang-reason';
    const controller = new AbortController();
    const before = server.chats().length;
    const pending = runStrategy(
      'gear',
      question,
      { retriever: naivege, llm: llm(), prompts: STRATEGY_PROMPTS, passages, signal: controller.signal },
      meta,
    );
    let aborted = false;
    // the two reads of step 1 are done and the answerability call hangs
    const poll = setInterval(() => {
      if (server.chats().length === before + 3 && !aborted) {
        aborted = true;
        controller.abort();
      }
    }, 5);
    const trace = await pending;
    clearInterval(poll);
    expect(aborted).toBe(true);
    expect(trace.status).toBe('aborted');
    expect(trace.events.map((e) => e.type)).toEqual(expect.arrayContaining(['retrieve', 'beam', 'memory', 'pool']));
  });
});

describe('SyncGE (Eq. 1-3) over the test server', () => {
  it('reads the base passages with J.2, links the triples, and records the read when a strategy runs it', async () => {
    mode = 'ok';
    const syncge = await backboneRetriever('syncge', dataset.corpus, {
      base: bm25,
      tripleIndex,
      read: { prompt: GEAR_READ_PROMPT, llm: llm(), passage: (id) => passages.get(id) },
    });
    const before = server.chats().length;
    const plain = await syncge.retrieveItems!(question.question, 10);
    expect(server.chats().length).toBe(before + 1);
    expect(plain.items.length).toBeGreaterThan(0);
    expect(plain.beams!.length).toBeGreaterThan(0);
    // the linked initial triples: tripleLink of the two proximal triples lands in T
    expect(plain.beams![0]!.kept.length).toBeGreaterThan(0);

    const trace = await runStrategy(
      'static',
      question,
      { retriever: syncge, llm: llm(), prompts: STRATEGY_PROMPTS, passages, options: { answer: false } },
      { corpus: dataset.corpus, retrieverName: 'syncge' },
    );
    expect(trace.status).toBe('done');
    const types = trace.events.map((e) =>
      e.type === 'llm' || e.type === 'context' ? `${e.type}:${e.module}` : e.type,
    );
    expect(types.slice(0, 5)).toEqual(['round.start', 'context:gear.reader', 'llm:gear.reader', 'retrieve', 'beam']);
    const retrieve = trace.events.find((e) => e.type === 'retrieve');
    expect(retrieve?.type === 'retrieve' && retrieve.results.map((r) => r.id)).toEqual(
      (await syncge.retrieve(question.question, 50)).map((r) => r.id),
    );
  });

  it('a malformed read reply is a typed error', async () => {
    mode = 'malformed';
    const syncge = await backboneRetriever('syncge', dataset.corpus, {
      base: bm25,
      tripleIndex,
      read: { prompt: GEAR_READ_PROMPT, llm: llm(), passage: (id) => passages.get(id) },
    });
    await expect(syncge.retrieve(question.question, 10)).rejects.toMatchObject({
      name: 'LlmOutputError',
      module: 'gear.reader',
    });
  });
});
