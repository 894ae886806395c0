// BDTR (Algorithm 1, Eq. 1-6) against a scripted LLM and fixed retrieval lists: the prompts carry the
// right pieces, the replies are parsed, and the trace holds the rankings computed by hand below.
import { describe, expect, it } from 'vitest';
import { runStrategy, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceAnswer, traceRoundRankings } from '../../support/trace.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import type { TraceEvent } from '../../../src/core/trace/schema.ts';
import type { ScoreScale } from '../../../src/core/types.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { ReplayProvider } from '../../../src/providers/llm/replay.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm, tickClock } from './scripted.ts';

const Q = question.question;
// Raw scores; per-retrieval min-max normalisation gives the values in the comments.
const lists = {
  [Q]: [
    { id: 'p1', score: 10 },
    { id: 'p2', score: 6 },
    { id: 'p3', score: 2 },
  ], // p1 1, p2 0.5, p3 0
  'Who directed Film One?': [
    { id: 'p4', score: 5 },
    { id: 'p2', score: 3 },
    { id: 'p5', score: 1 },
  ], // p4 1, p2 0.5, p5 0
  'Film One was directed by Ann Lee; where was Ann Lee born?': [
    { id: 'p2', score: 0.9 },
    { id: 'p6', score: 0.5 },
    { id: 'p1', score: 0.1 },
  ], // p2 1, p6 0.5, p1 0
  'Where was Ann Lee born?': [
    { id: 'p7', score: 4 },
    { id: 'p3', score: 4 },
  ], // all equal: both 1
  'Ann Lee, director of Film One, was born in which city?': [],
};
const script = () =>
  new ScriptedLlm({
    'bdtr.dual-thought': [
      'Fast Thought: Who directed Film One?\nSlow Thought: Film One was directed by Ann Lee; where was Ann Lee born?',
      '**Fast Thought:** Where was Ann Lee born?\n**Slow Thought:** Ann Lee, director of Film One, was born in which city?',
    ],
    'bdtr.reasoning-chain': ['Reasoning Chain: Film One -> directed by -> Ann Lee -> born in -> ?'],
    'bdtr.verifier': ['```json\n{"covered_doc_indices":[6,3]}\n```'],
    answer: ['{"thought":"Ann Lee was born in Paris.","answer":"Paris."}'],
  });

// The hand-computed rankings below are of the labelled min-max option; the raw default has its own test.
const MINMAX = { contextTop: 2, normalize: 'minmax' };

async function run(
  llm = script(),
  options: Record<string, unknown> = MINMAX,
  events: TraceEvent[] = [],
  scores?: ScoreScale,
) {
  const trace = await runStrategy(
    'bdtr',
    question,
    {
      retriever: { ...fixedRetriever(lists), ...(scores ? { scores } : {}) },
      llm,
      prompts: STRATEGY_PROMPTS,
      passages: passagesOf(8),
      options,
      now: tickClock(),
      onEvent: (e) => events.push(e),
    },
    meta,
  );
  return { trace, llm, events };
}

describe('bdtr', () => {
  it("by default follows the backbone's scores: min-max where each query has its own scale (BM25)", async () => {
    const { trace } = await run(script(), { contextTop: 2 }, [], 'per-query');
    expect(trace.options).toMatchObject({ normalize: 'minmax' });
    const unset = await run(script(), { contextTop: 2 }); // a retriever that says nothing: per-query
    expect(unset.trace.options).toMatchObject({ normalize: 'minmax' });
    expect(unset.trace.events).toEqual(trace.events);
  });

  it('by default updates the pool with Eq. 4 over raw scores (the max of ŝ(d|q)) where one scale serves every query (PPR mass)', async () => {
    const { trace } = await run(script(), { contextTop: 2 }, [], 'comparable');
    expect(trace.options).toMatchObject({ normalize: 'none' });
    const pools = trace.events.filter((e) => e.type === 'pool');
    // Round 1: p1 max(10, 0.1), p2 max(6, 3, 0.9), p4 5, p3 2, p5 1, p6 0.5: the question's own p3 keeps its place.
    expect(pools[1]!.pool.map((p) => [p.id, p.score])).toEqual([
      ['p1', 10],
      ['p2', 6],
      ['p4', 5],
      ['p3', 2],
      ['p5', 1],
      ['p6', 0.5],
    ]);
  });

  it('updates the pool with Eq. 4 over normalised scores, ties keeping the previous order', async () => {
    const { trace } = await run();
    const pools = trace.events.filter((e) => e.type === 'pool');
    // Round 1: p1 max(1, 0) = 1, p2 max(0.5, 0.5, 1) = 1, p4 1, p6 0.5, p3 0, p5 0.
    expect(pools[1]!.pool).toEqual([
      { id: 'p1', score: 1, rank: 1, delta: 0 },
      { id: 'p2', score: 1, rank: 2, delta: 0 },
      { id: 'p4', score: 1, rank: 3, delta: null },
      { id: 'p6', score: 0.5, rank: 4, delta: null },
      { id: 'p3', score: 0, rank: 5, delta: -2 },
      { id: 'p5', score: 0, rank: 6, delta: null },
    ]);
    // Round 2: p3 max(0, 1) = 1 rises above p6; p7 enters at 1 after the older ties.
    expect(pools[2]!.pool.map((p) => [p.id, p.score, p.delta])).toEqual([
      ['p1', 1, 0],
      ['p2', 1, 0],
      ['p4', 1, 0],
      ['p3', 1, 1],
      ['p7', 1, null],
      ['p6', 0.5, -2],
      ['p5', 0, -1],
    ]);
  });

  it('promotes the verified documents in verifier order and cuts at mu + sigma keeping at least 5', async () => {
    const { trace } = await run();
    const verify = trace.events.find((e) => e.type === 'verify');
    expect(verify).toMatchObject({ candidates: ['p1', 'p2', 'p4', 'p3', 'p7', 'p6', 'p5'], selected: ['p6', 'p4'] });
    expect(trace.events.find((e) => e.type === 'promote')).toMatchObject({
      moves: [
        { id: 'p6', from: 6, to: 1 },
        { id: 'p4', from: 3, to: 2 },
      ],
    });
    const promoted = trace.events.filter((e) => e.type === 'pool').at(-1)!;
    // promoted documents keep their own scores (no invented ones)
    expect(promoted.type === 'pool' && promoted.pool.map((p) => [p.id, p.score])).toEqual([
      ['p6', 0.5],
      ['p4', 1],
      ['p1', 1],
      ['p2', 1],
      ['p3', 1],
      ['p7', 1],
      ['p5', 0],
    ]);
    // mu = 5.5 / 7 over P_R's own scores; sigma = sqrt(5.25/7 - mu^2) = 0.3642; mu + sigma = 1.15 > every
    // score: D_final = G (p6, p4), then the safeguard fills up to 5 from the ranking.
    const cut = trace.events.find((e) => e.type === 'cutoff');
    expect(cut?.type === 'cutoff' && cut.mu).toBeCloseTo(5.5 / 7, 10);
    expect(cut?.type === 'cutoff' && cut.sigma).toBeCloseTo(Math.sqrt(5.25 / 7 - (5.5 / 7) ** 2), 10);
    expect(cut).toMatchObject({ kept: ['p6', 'p4', 'p1', 'p2', 'p3'] });
    expect(traceRanking(trace)).toEqual([
      { id: 'p6', score: 0.5 },
      { id: 'p4', score: 1 },
      { id: 'p1', score: 1 },
      { id: 'p2', score: 1 },
      { id: 'p3', score: 1 },
    ]);
    expect(traceRoundRankings(trace).map((r) => r.length)).toEqual([3, 6, 7, 7]);
    expect(traceAnswer(trace)).toBe('Paris');
    expect(trace.status).toBe('done');
  });

  it('sends well-formed prompts built from the current pool', async () => {
    const { llm } = await run();
    const first = llm.userText('bdtr.dual-thought', 0);
    expect(first).toContain(`Question: ${Q}`);
    expect(first).toContain('Wikipedia Title: Title 1\nText of passage 1.');
    expect(first).toContain('Wikipedia Title: Title 2');
    expect(first).not.toContain('Title 3'); // contextTop 2
    expect(llm.requests[0]!.messages[0]!.content).toContain(
      'Slow Thought must explicitly include an additional bridging entity or relation',
    );
    const second = llm.userText('bdtr.dual-thought', 1);
    expect(second).toContain(
      'Previous thoughts:\nFast Thought: Who directed Film One?\nSlow Thought: Film One was directed by Ann Lee; where was Ann Lee born?',
    );
    expect(second).not.toContain('Title 4'); // the round-1 pool's top 2 are p1, p2 (p4 ties at rank 3)
    const verifier = llm.userText('bdtr.verifier');
    expect(verifier).toContain(
      'Reasoning Chain (arrow format, ≥4 nodes): Film One -> directed by -> Ann Lee -> born in -> ?',
    );
    expect(verifier).toContain('Doc 6: Wikipedia Title: Title 6\nText of passage 6.');
    expect(verifier).toContain('Example (STRICT JSON): {"covered_doc_indices":[17,3,28]}');
    expect(llm.requests.find((r) => r.module === 'bdtr.verifier')?.json).toBe(true);
    const answer = llm.userText('answer');
    expect(answer).toContain(`Question: ${Q}`);
    for (const t of ['Title 6', 'Title 4', 'Title 1', 'Title 2', 'Title 3'])
      expect(answer).toContain(`Wikipedia Title: ${t}`);
    expect(answer).not.toContain('Title 7'); // the reader sees D_final only
  });

  it('records events live, with times from the injected clock, and a trace that loads', async () => {
    const { trace, events } = await run();
    expect(events).toEqual(trace.events);
    expect(trace.events.map((e) => e.t)).toEqual([...trace.events.map((e) => e.t)].sort((a, b) => a - b));
    expect(
      trace.events.map(
        (e) =>
          `${e.round}:${e.type}${e.type === 'thought' ? `.${e.kind}` : e.type === 'retrieve' ? `.${e.label}` : ''}`,
      ),
    ).toEqual([
      '0:round.start',
      '0:retrieve.question',
      '0:pool',
      '1:round.start',
      '1:context',
      '1:llm',
      '1:thought.fast',
      '1:thought.slow',
      '1:retrieve.fast',
      '1:retrieve.slow',
      '1:pool',
      '2:round.start',
      '2:context',
      '2:llm',
      '2:thought.fast',
      '2:thought.slow',
      '2:retrieve.fast',
      '2:retrieve.slow',
      '2:pool',
      '2:context',
      '2:llm',
      '2:thought.reasoning-chain',
      '2:context',
      '2:llm',
      '2:verify',
      '2:promote',
      '2:pool',
      '2:cutoff',
      '2:context',
      '2:llm',
      '2:answer',
    ]);
    const loaded = loadTrace(JSON.stringify(trace));
    expect(loaded).toEqual(trace);
    expect(trace.options).toMatchObject({
      rounds: 2,
      verifierTop: 30,
      cutoffTop: 50,
      minKept: 5,
      normalize: 'minmax',
      readerTop: 'all',
      prompts: { 'bdtr.verifier': 'bdtr-fig9/1' },
    });
    expect(trace.llm).toBe('scripted test LLM');
  });

  it('records a failed LLM call as a failed trace with its error event', async () => {
    const llm = script();
    (llm as unknown as { script: Record<string, unknown[]> }).script['bdtr.dual-thought']![1] = new (
      await import('../../../src/core/llm/errors.ts')
    ).LlmServerError('http://x', 500, 'boom');
    const { trace } = await run(llm);
    expect(trace.status).toBe('failed');
    const last = trace.events.at(-1);
    expect(last).toMatchObject({
      type: 'error',
      round: 2,
      module: 'bdtr.dual-thought',
      message: expect.stringContaining('500'),
    });
    expect(trace.events.filter((e) => e.type === 'error')).toHaveLength(1);
    expect(traceRoundRankings(trace)).toHaveLength(2); // rounds 0 and 1 completed
  });

  it('records an unreadable reply (LlmOutputError) as failed, naming the module', async () => {
    const llm = script();
    (llm as unknown as { script: Record<string, unknown[]> }).script['bdtr.verifier']![0] =
      'None of these documents supports the chain.';
    const { trace } = await run(llm);
    expect(trace.status).toBe('failed');
    expect(trace.events.at(-1)).toMatchObject({
      type: 'error',
      module: 'bdtr.verifier',
      message: expect.stringContaining('no JSON'),
    });
  });

  it.each([
    ['past the listing', '[42,6,3]', 'Doc 42 is not in the listing (Doc 1-7)'],
    ['zero', '[6,0,3]', 'Doc 0 is not in the listing (Doc 1-7)'],
    ['a string', '[6,"17",3]', '"17" is not a whole number'],
  ])('drops a verifier index %s with a warning event and keeps the valid ones', async (_case, indices, reason) => {
    const llm = script();
    (llm as unknown as { script: Record<string, unknown[]> }).script['bdtr.verifier']![0] =
      `{"covered_doc_indices":${indices}}`;
    const { trace } = await run(llm);
    expect(trace.status).toBe('done');
    const warnings = trace.events.filter((e) => e.type === 'warning');
    expect(warnings).toEqual([
      expect.objectContaining({
        type: 'warning',
        module: 'bdtr.verifier',
        message: `dropped 1 invalid covered_doc_indices: ${reason}`,
      }),
    ]);
    expect(trace.events.find((e) => e.type === 'verify')).toMatchObject({ selected: ['p6', 'p4'] });
    expect(
      traceRanking(trace)
        .slice(0, 2)
        .map((r) => r.id),
    ).toEqual(['p6', 'p4']);
    expect(traceAnswer(trace)).toBe('Paris');
    expect(loadTrace(JSON.stringify(trace))).toEqual(trace);
  });

  it('returns the partial trace with status aborted when aborted mid-run', async () => {
    const controller = new AbortController();
    const llm = script();
    const original = llm.complete.bind(llm);
    llm.complete = async (request, signal) => {
      const reply = await original(request, signal);
      if (request.module === 'bdtr.reasoning-chain') controller.abort();
      return reply;
    };
    const trace = await runStrategy(
      'bdtr',
      question,
      {
        retriever: fixedRetriever(lists),
        llm,
        prompts: STRATEGY_PROMPTS,
        passages: passagesOf(8),
        options: { contextTop: 2 },
        signal: controller.signal,
        now: tickClock(),
      },
      meta,
    );
    expect(trace.status).toBe('aborted');
    expect(trace.events.at(-1)).toMatchObject({ type: 'thought', kind: 'reasoning-chain' });
    expect(trace.events.some((e) => e.type === 'verify')).toBe(false);
  });

  it('replays from its own llm events to identical rankings and answer, with no model', async () => {
    const { trace } = await run();
    const replay = new ReplayProvider([trace]);
    const { trace: again } = await run(replay as unknown as ScriptedLlm);
    expect(traceRoundRankings(again)).toEqual(traceRoundRankings(trace));
    expect(traceRanking(again)).toEqual(traceRanking(trace));
    expect(traceAnswer(again)).toBe(traceAnswer(trace));
  });

  it('runs the ablations: DTR only ends at P_R, BGEC only calibrates P_0', async () => {
    const dtr = await runStrategy(
      'bdtr-dtr',
      question,
      {
        retriever: fixedRetriever(lists),
        llm: script(),
        prompts: STRATEGY_PROMPTS,
        passages: passagesOf(8),
        options: MINMAX,
      },
      meta,
    );
    expect(dtr.events.some((e) => e.type === 'verify' || e.type === 'cutoff')).toBe(false);
    expect(traceRanking(dtr).map((r) => r.id)).toEqual(['p1', 'p2', 'p4', 'p3', 'p7', 'p6', 'p5']);
    expect(dtr.options).toMatchObject({ dtr: true, bgec: false, readerTop: 5 });

    const bgecLlm = new ScriptedLlm({
      'bdtr.reasoning-chain': ['A -> b -> C -> ?'],
      'bdtr.verifier': ['{"covered_doc_indices":[3]}'],
      answer: ['{"thought":"t","answer":"x"}'],
    });
    const bgec = await runStrategy(
      'bdtr-bgec',
      question,
      {
        retriever: fixedRetriever(lists),
        llm: bgecLlm,
        prompts: STRATEGY_PROMPTS,
        passages: passagesOf(8),
        options: { normalize: 'minmax' },
      },
      meta,
    );
    expect(bgec.events.some((e) => e.type === 'thought' && (e.kind === 'fast' || e.kind === 'slow'))).toBe(false);
    // P_0 = p1 1, p2 0.5, p3 0; p3 promoted (keeping its score 0); fewer than 5 documents: all three kept.
    expect(traceRanking(bgec)).toEqual([
      { id: 'p3', score: 0 },
      { id: 'p1', score: 1 },
      { id: 'p2', score: 0.5 },
    ]);
    await expect(
      runStrategy(
        'bdtr-bgec',
        question,
        {
          retriever: fixedRetriever(lists),
          llm: bgecLlm,
          prompts: STRATEGY_PROMPTS,
          passages: passagesOf(8),
          options: { dtr: true },
        },
        meta,
      ),
    ).rejects.toThrow(/option dtr is fixed/);
  });
});
