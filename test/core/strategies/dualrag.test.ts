// DualRAG (Eq. 3-10) against a scripted LLM, fixed retrieval lists and the lexical reranker: the loop,
// entity linking across steps, grouping by entity, reranking, the outline merge with provenance, the
// final ranking, the three Table 3 ablations, and a malformed reply as a typed, recorded failure.
import { describe, expect, it } from 'vitest';
import { readDualrag } from '../../../src/core/strategies/dualrag-read.ts';
import { runStrategy, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import type { Trace, TraceEvent } from '../../../src/core/trace/schema.ts';
import type { Passage } from '../../../src/core/types.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { fixedRetriever, meta, question, ScriptedLlm, tickClock, type Reply } from './scripted.ts';

const passages = new Map<string, Passage>(
  [
    ['p1', 'Film One', 'Film One is a 1950 film directed by Ann Lee.'],
    ['p2', 'Film Two', 'Film Two is a comedy film.'],
    ['p3', 'Ann Lee', 'Ann Lee was born in Paris.'],
    ['p4', 'Ann Arbor', 'A city in Michigan.'],
    ['p5', 'Unrelated', 'Nothing here.'],
  ].map(([id, title, text]) => [id!, { id: id!, title: title!, text: text! }]),
);
const step1 = 'I need the director of Film One.';
const step2 = 'Film One was directed by Ann Lee; I need where Ann Lee was born.';
const lists = {
  'Film One director': [
    { id: 'p5', score: 10 },
    { id: 'p1', score: 8 },
    { id: 'p2', score: 1 },
  ],
  'Film One': [
    { id: 'p1', score: 5 },
    { id: 'p2', score: 4 },
  ],
  'Ann Lee birthplace': [
    { id: 'p4', score: 3 },
    { id: 'p3', score: 2 },
  ],
  'Film One release': [{ id: 'p1', score: 1 }],
  [step1]: [
    { id: 'p1', score: 2 },
    { id: 'p5', score: 1 },
  ],
  [step2]: [
    { id: 'p3', score: 2 },
    { id: 'p4', score: 1 },
  ],
};
const reasoner = (text: string, need: boolean) => JSON.stringify({ reasoning: text, need_retrieval: need });
const baseScript = (): Record<string, Reply[]> => ({
  'dualrag.reasoner': [reasoner(step1, true), reasoner(step2, true), reasoner('Ann Lee was born in Paris.', false)],
  'dualrag.entity-identifier': [
    '{"entities": [{"entity": "Film One", "queries": ["Film One director", "Film One"]}]}',
    '```json\n{"entities": [{"entity": "Ann Lee", "queries": ["Ann Lee birthplace"]}, {"entity": "film one", "queries": ["Film One release"]}]}\n```',
  ],
  'dualrag.knowledge-summarizer': [
    'Film One was directed by Ann Lee.',
    'Ann Lee was born in Paris.',
    'No relevant information.',
  ],
  'dualrag.answer': ['{"answer": "Paris"}'],
});

async function run(strategy: Parameters<typeof runStrategy>[0], script = baseScript()) {
  const llm = new ScriptedLlm(script);
  const trace = await runStrategy(
    strategy,
    question,
    { retriever: fixedRetriever(lists), llm, prompts: STRATEGY_PROMPTS, passages, now: tickClock() },
    meta,
  );
  return { trace, llm };
}
const of = <T extends TraceEvent['type']>(t: Trace, type: T) =>
  t.events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);

describe('dualrag', () => {
  it('runs RaQ and pKA: entity queries, grouping, reranking, linking, outline with provenance, answer', async () => {
    const { trace, llm } = await run('dualrag');
    expect(trace.status).toBe('done');
    expect(traceAnswer(trace)).toBe('Paris');
    // Eq. 6: every query of every entity retrieved, tagged with its entity
    const queries = of(trace, 'retrieve').filter((e) => e.label === 'entity-query');
    expect(queries.map((e) => [e.round, e.entity, e.query])).toEqual([
      [1, 'Film One', 'Film One director'],
      [1, 'Film One', 'Film One'],
      [2, 'Ann Lee', 'Ann Lee birthplace'],
      [2, 'Film One', 'Film One release'],
    ]);
    // Eq. 7-8: grouped (p5, p1, p2 by best rank), reranked against the entity name: p5 (no overlap) dropped,
    // the rest keep the backbone's order (lexical reranker: score 1/rank); Ann Arbor shares "Ann" and stays first
    const reranks = of(trace, 'retrieve').filter((e) => e.label.startsWith('rerank: lexical'));
    expect(reranks.map((e) => [e.entity, e.query, e.results.map((r) => r.id)])).toEqual([
      ['Film One', 'Film One', ['p1', 'p2']],
      ['Ann Lee', 'Ann Lee', ['p4', 'p3']],
      ['Film One', 'Film One', ['p1']],
    ]);
    expect(reranks[0]!.results.map((r) => r.score)).toEqual([1, 0.5]);
    // "film one" in step 2 is linked to step 1's "Film One"
    expect(
      of(trace, 'thought')
        .filter((e) => e.kind === 'entity-link')
        .map((e) => e.text),
    ).toEqual(['film one → Film One']);
    // Eq. 9-10: the empty fragment is discarded; the outline grows per entity with provenance
    const outlines = of(trace, 'memory');
    expect(outlines.map((m) => m.kind)).toEqual(['outline', 'outline']);
    expect(outlines[1]!.entries).toEqual([
      {
        text: 'Film One was directed by Ann Lee.',
        entity: 'Film One',
        passages: ['p1', 'p2'],
        queries: ['Film One director', 'Film One'],
        since: 1,
      },
      {
        text: 'Ann Lee was born in Paris.',
        entity: 'Ann Lee',
        passages: ['p4', 'p3'],
        queries: ['Ann Lee birthplace'],
        since: 2,
      },
    ]);
    expect(
      of(trace, 'thought')
        .filter((e) => e.kind === 'fragment-discarded')
        .map((e) => e.text),
    ).toEqual(['Film One: No relevant information.']);
    // the summarizer saw exactly its entity's reranked documents; the answer read the outline, whose
    // summaries stand for the passages behind its fragments (recorded as its context)
    expect(of(trace, 'context').map((c) => [c.module, c.ids])).toEqual([
      ['dualrag.knowledge-summarizer', ['p1', 'p2']],
      ['dualrag.knowledge-summarizer', ['p4', 'p3']],
      ['dualrag.knowledge-summarizer', ['p1']],
      ['dualrag.answer', ['p1', 'p2', 'p4', 'p3']],
    ]);
    // K^(t-1) and R in the next prompts; earlier entities as hints
    expect(llm.userText('dualrag.reasoner', 1)).toContain(
      'Knowledge:\n### Film One\n- Film One was directed by Ann Lee.\n\nQuestion: Where was the director of Film One born?\n\nReasoning history:\nStep 1: I need the director of Film One.',
    );
    expect(llm.userText('dualrag.entity-identifier', 1)).toContain('Entities from previous reasoning: Film One');
    expect(llm.userText('dualrag.answer')).toContain('### Ann Lee\n- Ann Lee was born in Paris.');
    // final ranking: reranked passages by first use, then the rest of the pool
    expect(traceRanking(trace).map((r) => r.id)).toEqual(['p1', 'p2', 'p4', 'p3', 'p5']);
    expect(
      of(trace, 'thought')
        .filter((e) => e.kind === 'retrieval-flag')
        .map((e) => e.text),
    ).toEqual(['retrieve', 'retrieve', 'answer']);
    expect(trace.options).toMatchObject({
      maxSteps: 5,
      depth: 50,
      rerankTop: 10,
      prompts: { 'dualrag.answer': 'hopscope-dualrag-answer/1', 'dualrag.knowledge-summarizer': 'dualrag-fig7/2' },
    });
  });

  it('readDualrag gives the view its steps, triggers, entity queries, kept documents and the latest outline', async () => {
    const { trace } = await run('dualrag');
    const v = readDualrag(trace.events)!;
    expect(v.steps.map((s) => [s.round, s.retrieved, s.entities.map((e) => [e.entity, e.queries, e.kept])])).toEqual([
      [1, true, [['Film One', ['Film One director', 'Film One'], ['p1', 'p2']]]],
      [
        2,
        true,
        [
          ['Ann Lee', ['Ann Lee birthplace'], ['p4', 'p3']],
          ['Film One', ['Film One release'], ['p1']],
        ],
      ],
      [3, false, []],
    ]);
    expect(v.steps[1]!.links).toEqual(['film one → Film One']);
    expect(v.steps[1]!.discarded).toEqual(['Film One: No relevant information.']);
    expect(v.outlineRound).toBe(2);
    expect(v.outline.map((o) => [o.entity, o.fragments.map((f) => f.since)])).toEqual([
      ['Film One', [1]],
      ['Ann Lee', [2]],
    ]);
    expect(readDualrag(trace.events.filter((e) => e.type !== 'thought'))).toBeUndefined();
  });

  it('stops at maxSteps and answers from what it has', async () => {
    const script = baseScript();
    script['dualrag.reasoner'] = [reasoner(step1, true)];
    script['dualrag.knowledge-summarizer'] = ['Film One was directed by Ann Lee.'];
    const llm = new ScriptedLlm(script);
    const trace = await runStrategy(
      'dualrag',
      question,
      { retriever: fixedRetriever(lists), llm, prompts: STRATEGY_PROMPTS, passages, options: { maxSteps: 1 } },
      meta,
    );
    expect(trace.status).toBe('done');
    expect(llm.requests.map((r) => r.module)).toEqual([
      'dualrag.reasoner',
      'dualrag.entity-identifier',
      'dualrag.knowledge-summarizer',
      'dualrag.answer',
    ]);
  });

  it('w/o R retrieves at every step, also on the step whose reasoning has the answer', async () => {
    const script = baseScript();
    script['dualrag.entity-identifier']!.push(
      '{"entities": [{"entity": "Ann Lee", "queries": ["Ann Lee birthplace"]}]}',
    );
    script['dualrag.knowledge-summarizer']!.push('Ann Lee was born in Paris.');
    const { trace } = await run('dualrag-no-reasoner', script);
    expect(trace.status).toBe('done');
    expect(
      of(trace, 'thought')
        .filter((e) => e.kind === 'retrieval-flag')
        .map((e) => e.text),
    ).toEqual(['retrieve', 'retrieve', 'retrieve']);
    expect(of(trace, 'memory')).toHaveLength(3);
  });

  it('w/o Ei uses the reasoning step as the query of a pseudo-entity, reranked against it', async () => {
    const script = baseScript();
    delete script['dualrag.entity-identifier'];
    script['dualrag.knowledge-summarizer'] = ['Film One was directed by Ann Lee.', 'Ann Lee was born in Paris.'];
    const { trace, llm } = await run('dualrag-no-ei', script);
    expect(trace.status).toBe('done');
    expect(llm.requests.some((r) => r.module === 'dualrag.entity-identifier')).toBe(false);
    expect(
      of(trace, 'retrieve')
        .filter((e) => e.label === 'entity-query')
        .map((e) => [e.entity, e.query]),
    ).toEqual([
      ['Step 1', step1],
      ['Step 2', step2],
    ]);
    expect(
      of(trace, 'memory')
        .at(-1)!
        .entries.map((e) => e.entity),
    ).toEqual(['Step 1', 'Step 2']);
  });

  it('w/o KO shows the reranked passages unstructured and never summarizes', async () => {
    const script = baseScript();
    delete script['dualrag.knowledge-summarizer'];
    const { trace, llm } = await run('dualrag-no-outline', script);
    expect(trace.status).toBe('done');
    expect(of(trace, 'memory')).toHaveLength(0);
    expect(llm.userText('dualrag.reasoner', 1)).toContain(
      'Knowledge:\nWikipedia Title: Film One\nFilm One is a 1950 film directed by Ann Lee.\nWikipedia Title: Film Two',
    );
    expect(
      of(trace, 'context')
        .filter((c) => c.module === 'dualrag.answer')
        .map((c) => c.ids),
    ).toEqual([['p1', 'p2', 'p4', 'p3']]);
  });

  it('a malformed Entity Identifier reply fails the run with a typed error event and keeps the partial trace', async () => {
    const script = baseScript();
    script['dualrag.entity-identifier'] = ['Film One: Film One director'];
    const { trace } = await run('dualrag', script);
    expect(trace.status).toBe('failed');
    const err = of(trace, 'error')[0]!;
    expect(err.module).toBe('dualrag.entity-identifier');
    expect(err.message).toContain('no JSON');
    expect(of(trace, 'thought').map((e) => e.kind)).toEqual(['reasoner', 'retrieval-flag']);
  });
});
