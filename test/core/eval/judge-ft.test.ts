// The Acc† judge pass (alias by alias until Yes; an unreadable verdict counted, not scored) and the
// DualRAG-FT export (only correct, finished trajectories; one example per capability call).
import { describe, expect, it } from 'vitest';
import { FT_POST_PROCESSING, ftExample, ftExamples, isCorrect } from '../../../src/core/eval/ft-export.ts';
import { judgeAnswers } from '../../../src/core/eval/judge.ts';
import { retrievalTriggers } from '../../../src/core/eval/retrieval-triggers.ts';
import type { Trace } from '../../../src/core/trace/schema.ts';
import * as judge from '../../../src/prompts/dualrag-judge.ts';
import { ScriptedLlm } from '../strategies/scripted.ts';

describe('judge pass', () => {
  it('asks per gold alias until Yes, scores a missing answer 0 with no call, counts unreadable verdicts', async () => {
    const llm = new ScriptedLlm({ 'dualrag.judge': ['No', 'Yes', 'Maybe.', 'No'] });
    const r = await judgeAnswers(
      [
        { id: 'a', question: 'Q1', prediction: 'Paris, France', answers: ['Lyon', 'Paris'] },
        { id: 'b', question: 'Q2', prediction: undefined, answers: ['x'] },
        { id: 'c', question: 'Q3', prediction: 'y', answers: ['z'] },
        { id: 'd', question: 'Q4', prediction: 'w', answers: ['v'] },
      ],
      llm,
      judge,
    );
    expect(r.verdicts.map((v) => [v.id, v.accDagger, v.calls])).toEqual([
      ['a', 1, 2],
      ['b', 0, 0],
      ['c', null, 1],
      ['d', 0, 1],
    ]);
    expect(r.verdicts[2]!.error).toContain('neither "Yes" nor "No"');
    expect(r).toMatchObject({
      accDagger: 1 / 3,
      judged: 3,
      errors: 1,
      judge: 'scripted test LLM',
      promptVersion: 'dualrag-fig8/1',
    });
    expect(llm.userText('dualrag.judge', 1)).toContain('Prediction: Paris, France\nGround-truth Answer Paris\n');
  });
});

const trace = (status: Trace['status'], model = 'm'): Trace => ({
  version: 2,
  id: 't',
  createdAt: '',
  strategy: 'dualrag',
  retriever: 'bm25',
  llm: 'x',
  regime: 'iterative',
  options: {
    reranker: 'lexical',
    prompts: { 'dualrag.reasoner': 'dualrag-fig5/1', 'dualrag.knowledge-summarizer': 'dualrag-fig7/1' },
  },
  corpus: { id: 'c', name: 'c' },
  question: { id: 'q1', question: 'Q', answers: ['A'], gold: [] },
  status,
  events: [
    { type: 'retrieve', t: 0, round: 1, query: 'a', label: 'entity-query', results: [], entity: 'E' },
    { type: 'retrieve', t: 0, round: 1, query: 'E', label: 'rerank: lexical', results: [] },
    ...(
      ['dualrag.reasoner', 'dualrag.entity-identifier', 'dualrag.knowledge-summarizer', 'dualrag.answer'] as const
    ).map((module, i) => ({
      type: 'llm' as const,
      t: i,
      round: 1,
      module,
      prompt: [
        { role: 'system' as const, content: `sys ${module}` },
        { role: 'user' as const, content: 'u' },
      ],
      response: `r${i}`,
      usage: { prompt: 1, completion: 1, total: 2 },
      cached: false,
      latencyMs: 1,
      provider: 'p',
      model,
    })),
  ],
});

describe('DualRAG-FT export', () => {
  it('one valid chat example per capability call of a correct finished trajectory; none otherwise', () => {
    const ex = ftExamples(trace('done'), { correct: true });
    expect(ex.map((e) => e.capability)).toEqual(['reasoner', 'entity-identifier', 'knowledge-summarizer']);
    expect(ex[2]).toEqual({
      capability: 'knowledge-summarizer',
      questionId: 'q1',
      provenance: {
        source: 'llm',
        provider: 'p',
        model: 'm',
        promptVersion: 'dualrag-fig7/1',
        prompts: { 'dualrag.reasoner': 'dualrag-fig5/1', 'dualrag.knowledge-summarizer': 'dualrag-fig7/1' },
        traceId: 't',
        strategy: 'dualrag',
        reranker: 'lexical',
        correctBy: 'em-or-acc',
        postProcessing: FT_POST_PROCESSING,
      },
      messages: [
        { role: 'system', content: 'sys dualrag.knowledge-summarizer' },
        { role: 'user', content: 'u' },
        { role: 'assistant', content: 'r2' },
      ],
    });
    for (const e of ex) expect(ftExample.safeParse(e).success).toBe(true);
    expect(ftExamples(trace('done'), { correct: false })).toEqual([]);
    expect(ftExamples(trace('failed'), { correct: true })).toEqual([]);
    expect(ftExamples(trace('done'), { correct: true, judged: true })[0]!.provenance.correctBy).toBe('judge');
    expect(
      ftExample.safeParse({
        capability: 'reasoner',
        questionId: 'q',
        messages: [
          { role: 'user', content: 'u' },
          { role: 'user', content: 'v' },
        ],
      }).success,
    ).toBe(false);
  });
  it("refuses the offline thinker's replies unless asked, and then labels every line", () => {
    const offline = trace('done', 'offline-thinker');
    expect(() => ftExamples(offline, { correct: true })).toThrow(/written by the offline thinker/);
    const lines = ftExamples(offline, { correct: true, allowOffline: true });
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l.provenance).toMatchObject({ source: 'offline-thinker', model: 'offline-thinker' });
  });
  it('correct = Acc† when judged, else EM or Acc', () => {
    expect(isCorrect({ em: 0, acc: 1 })).toBe(true);
    expect(isCorrect({ em: 0, acc: 0 })).toBe(false);
    expect(isCorrect({ em: 1, acc: 1 }, 0)).toBe(false);
    expect(isCorrect({ em: 0, acc: 0 }, 1)).toBe(true);
    expect(isCorrect({ em: 1 }, null)).toBe(true);
  });
  it('retrieval triggers count rounds that retrieved, not reranks', () => {
    expect(retrievalTriggers(trace('done'))).toBe(1);
  });
});
