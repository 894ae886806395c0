// The GEAR agent (GEAR §5) end to end on the demo corpus with the offline thinker (no LLM): every step's
// read, memory, beams, answerability and rewrite are in the trace, and the final list is Eq. 9.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../../src/core/retrievers/bm25.ts';
import { backboneRetriever } from '../../support/backbone.ts';
import { rrf } from '../../../src/core/retrievers/rrf.ts';
import { runStrategy, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceSchema } from '../../../src/core/trace/schema.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../../../src/providers/llm/offline-thinker.ts';

const demo = new URL('../../../public/demo/', import.meta.url);
const dataset = loadDataset(
  'demo',
  ['demo.json', 'demo_corpus.json'].map((name) => ({ name, text: readFileSync(new URL(name, demo), 'utf8') })),
);
const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
const bm25 = createBm25Retriever(dataset.corpus.passages);
const triples = extractTriplesOffline(dataset.corpus.passages);
const meta = { corpus: dataset.corpus, retrieverName: 'naivege' };

describe('GEAR agent (strategy gear)', async () => {
  const naivege = await backboneRetriever('naivege', dataset.corpus, { base: bm25, triples });
  const llm = createOfflineThinker();

  it('records read, gist memory with provenance, beams, answerability, rewrite, passageLink and the Eq. 9 fusion', async () => {
    const q = dataset.questions[0]!;
    const trace = await runStrategy('gear', q, { retriever: naivege, llm, prompts: STRATEGY_PROMPTS, passages }, meta);
    expect(traceSchema.parse(trace)).toBeTruthy();
    expect(trace.status).toBe('done');
    expect(trace.llm).toBe(OFFLINE_THINKER_LABEL);
    expect(trace.options).toMatchObject({ rounds: 2, chunks: 10, linkTop: 10, rrfK: 60 });
    const ev = trace.events;
    const reads = ev.filter((e) => e.type === 'llm' && e.module === 'gear.reader');
    expect(reads.length).toBeGreaterThanOrEqual(1);
    // two reads per step (Eq. 1 over the base passages, Eq. 4 over the expanded ones), each shown its passages
    const contexts = ev.filter((e) => e.type === 'context' && e.module === 'gear.reader');
    expect(contexts).toHaveLength(reads.length);
    const memories = ev.filter((e) => e.type === 'memory');
    expect(reads.length).toBe(2 * memories.length);
    const last = memories.at(-1)!;
    if (last.type !== 'memory') throw new Error('unreachable');
    expect(last.kind).toBe('gist');
    expect(last.entries.length).toBeGreaterThan(0);
    for (const e of last.entries) {
      expect(e.triple).toHaveLength(3);
      expect(e.queries.length).toBeGreaterThan(0);
    }
    expect(last.entries.some((e) => e.passages.length > 0)).toBe(true);
    // memory only grows (Eq. 5)
    const sizes = memories.map((m) => (m.type === 'memory' ? m.entries.length : 0));
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(ev.some((e) => e.type === 'beam')).toBe(true);
    expect(ev.some((e) => e.type === 'thought' && e.kind === 'answerability')).toBe(true);
    // Eq. 9: final = RRF(passageLink lists, step lists)
    const links = ev.filter((e) => e.type === 'retrieve' && e.label === 'passageLink');
    expect(links).toHaveLength(last.entries.length);
    const steps = ev.filter((e) => e.type === 'retrieve' && e.label.startsWith('step '));
    const expected = rrf([...links, ...steps].map((e) => (e.type === 'retrieve' ? e.results : [])));
    expect(traceRanking(trace).map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(ev.at(-1)!.type).toBe('answer');
  });

  it('rewrites the query when the memory is not answerable, up to the step cap', async () => {
    let rewrote = 0;
    for (const q of dataset.questions) {
      const trace = await runStrategy(
        'gear',
        q,
        { retriever: naivege, llm, prompts: STRATEGY_PROMPTS, passages, options: { rounds: 3, answer: false } },
        meta,
      );
      expect(trace.status).toBe('done');
      const rounds = new Set(trace.events.filter((e) => e.type === 'memory').map((e) => e.round));
      expect(rounds.size).toBeLessThanOrEqual(3);
      const rewrites = trace.events.filter((e) => e.type === 'thought' && e.kind === 'rewrite');
      expect(rewrites.length).toBe(rounds.size - 1);
      rewrote += rewrites.length;
    }
    expect(rewrote).toBeGreaterThan(0);
  });

  it('refuses a backbone without a triple index, with a clear error', async () => {
    await expect(
      runStrategy('gear', dataset.questions[0]!, { retriever: bm25, llm, prompts: STRATEGY_PROMPTS, passages }, meta),
    ).rejects.toThrow(/graph-expansion backbone/);
  });
});
