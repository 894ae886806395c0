// Every strategy through the real openai client against the local OpenAI-compatible test server with
// scripted replies: well-formed requests over the wire, replies parsed, the trace the script implies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStrategy, STRATEGIES, traceRanking } from '../../../src/core/strategies/index.ts';
import { traceAnswer } from '../../support/trace.ts';
import { foldTrace } from '../../../src/core/trace/fold.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../../support/openai-server.ts';
import { fixedRetriever, meta, passagesOf, question } from './scripted.ts';

const Q = question.question;
// Every query retrieves the same list, so each strategy's final ranking is predictable.
const list = [
  { id: 'p1', score: 3 },
  { id: 'p2', score: 2 },
  { id: 'p3', score: 1 },
  { id: 'p4', score: 0 },
];
const retriever = fixedRetriever(new Proxy({} as Record<string, typeof list>, { get: () => list }));

/** The scripted model: answers by which prompt it is shown. */
function reply(body: ChatBody): string {
  const text = body.messages.map((m) => m.content).join('\n');
  const last = body.messages.at(-1)?.content ?? '';
  // DualRAG (Fig. 5-7 and our answer prompt)
  if (text.includes('Your current task is to reason based on the knowledge that has been retrieved.'))
    return JSON.stringify({
      reasoning: 'Title 1 names the director of Film One.',
      need_retrieval: last.includes('(no reasoning yet)'),
    });
  if (text.includes('and to generate retrieval keywords.'))
    return '{"entities": [{"entity": "Title 1", "queries": ["Title 1 director"]}]}';
  if (text.includes('Your task is to read and organize the retrieved documents'))
    return 'Title 1: Film One was directed by Ann Lee, born in Paris.';
  if (text.includes('Give the final answer to the question based on the retrieved knowledge'))
    return '{"answer": "Paris"}';
  if (text.includes('For every turn, produce two outputs'))
    return 'Fast Thought: Who directed Film One?\nSlow Thought: Film One, directed by Ann Lee: where was Ann Lee born?';
  if (text.includes('Write the reasoning chain')) return 'Film One -> directed by -> Ann Lee -> born in -> ?';
  if (text.includes('You are a careful reasoning verifier.')) return '{"covered_doc_indices":[4,2]}';
  if (
    text.includes('Generate one reasoning thought') ||
    text.includes('Evaluate whether the given information') ||
    text.includes('what additional information is required')
  )
    return last.includes('Thoughts so far:') ? 'So the answer is: Paris' : 'Film One was directed by Ann Lee.';
  if (text.includes('Keep the reasoning under 100 English words.'))
    return '1. Ann Lee directed Film One and was born in Paris.\n2. Final answer: Paris';
  if (text.includes('You plan the retrieval for a multi-hop question'))
    return last.includes('This is step 1 ')
      ? '{"partial_answer":"Film One was directed by Ann Lee.","action":"continue","next_query":"birthplace of Ann Lee","sufficiency":0.4,"anchors":["Ann Lee"]}'
      : '{"partial_answer":"Ann Lee was born in Paris.","action":"finalize","sufficiency":0.9,"anchors":[]}';
  if (text.includes('You write the final answer to a multi-hop question'))
    return '{"answer":"Paris","citations":[1,2]}';
  if (text.includes('You choose how to retrieve evidence for a question'))
    return '{"route": "ircot", "reason": "the question asks about the director of a film: two hops"}';
  if (text.includes('As an advanced reading comprehension assistant'))
    return '{"thought":"Ann Lee was born in Paris.","answer":"Paris"}';
  return 'unexpected prompt';
}

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer({ script: (body) => ({ content: reply(body) }) });
});
afterAll(() => server.close());

describe('strategies over the openai client and the local test server', () => {
  // gear needs a graph-expansion backbone: test/core/strategies/gear-openai.test.ts
  it.each(STRATEGIES.filter((s) => s !== 'gear'))(
    '%s sends well-formed requests and records the scripted trace',
    async (name) => {
      const before = server.chats().length;
      const llm = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
      const trace = await runStrategy(
        name,
        question,
        { retriever, llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(4) },
        meta,
      );
      expect(trace.status).toBe('done');
      expect(traceAnswer(trace)).toBe('Paris');
      const chats = server.chats().slice(before);
      const llmEvents = trace.events.filter((e) => e.type === 'llm');
      expect(chats).toHaveLength(llmEvents.length);
      for (const [i, c] of chats.entries()) {
        expect(c.body?.model).toBe('test-model');
        const e = llmEvents[i]!;
        expect(e.type === 'llm' && c.body?.messages).toEqual(e.type === 'llm' ? e.prompt : []);
        expect(e.type === 'llm' && e.usage.total).toBeGreaterThan(0);
      }
      expect(
        chats.every(
          (c) =>
            c.body?.messages.some((m) => m.content.includes(Q)) ||
            c.body?.messages.some((m) => m.content.includes('->')),
        ),
      ).toBe(true);
      const ids = traceRanking(trace).map((r) => r.id);
      const as = name === 'auto' ? foldTrace(trace.events).route! : name; // auto ends exactly as the strategy it routed to
      if (as === 'bdtr' || as === 'bdtr-bgec')
        expect(ids).toEqual(['p4', 'p2', 'p1', 'p3']); // promoted Doc 4, Doc 2; fewer than 5: all kept
      else if (as === 'ensemble')
        expect(ids).toEqual(['p4', 'p2', 'p1', 'p3']); // RRF of BDTR and BDTR-BGEC, both p4 p2 p1 p3
      else expect(ids).toEqual(['p1', 'p2', 'p3', 'p4']);
      const modules = llmEvents.map((e) => (e.type === 'llm' ? e.module : ''));
      const expected: Record<string, string[]> = {
        static: ['answer'],
        ircot: ['ircot.step', 'ircot.step', 'answer'],
        tog: ['tog.sufficiency', 'tog.sufficiency', 'answer'],
        gcot: ['gcot.step', 'gcot.step', 'answer'],
        irgs: ['irgs.generate', 'irgs.generate', 'answer'],
        bdtr: ['bdtr.dual-thought', 'bdtr.dual-thought', 'bdtr.reasoning-chain', 'bdtr.verifier', 'answer'],
        'bdtr-dtr': ['bdtr.dual-thought', 'bdtr.dual-thought', 'answer'],
        'bdtr-bgec': ['bdtr.reasoning-chain', 'bdtr.verifier', 'answer'],
        planner: ['planner.step', 'planner.step', 'planner.compose'],
        dualrag: [
          'dualrag.reasoner',
          'dualrag.entity-identifier',
          'dualrag.knowledge-summarizer',
          'dualrag.reasoner',
          'dualrag.answer',
        ],
        'dualrag-no-reasoner': [
          'dualrag.reasoner',
          'dualrag.entity-identifier',
          'dualrag.knowledge-summarizer',
          'dualrag.reasoner',
          'dualrag.entity-identifier',
          'dualrag.knowledge-summarizer',
          'dualrag.answer',
        ],
        'dualrag-no-ei': ['dualrag.reasoner', 'dualrag.knowledge-summarizer', 'dualrag.reasoner', 'dualrag.answer'],
        'dualrag-no-outline': ['dualrag.reasoner', 'dualrag.entity-identifier', 'dualrag.reasoner', 'dualrag.answer'],
        ensemble: [
          'bdtr.dual-thought',
          'bdtr.dual-thought',
          'bdtr.reasoning-chain',
          'bdtr.verifier',
          'bdtr.reasoning-chain',
          'bdtr.verifier',
          'answer',
        ],
      };
      expect(modules).toEqual(expected[as]);
    },
  );

  it("auto with the LLM's own judgment: one route call over the wire, then exactly the chosen strategy", async () => {
    const before = server.chats().length;
    const llm = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model' });
    const trace = await runStrategy(
      'auto',
      question,
      { retriever, llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(4), options: { decide: 'llm' } },
      meta,
    );
    const chats = server.chats().slice(before);
    expect(chats[0]!.body?.messages.at(-1)?.content).toContain('- ircot (3 LLM calls): IRCoT');
    expect(chats[0]!.body?.messages.at(-1)?.content).toContain('1. Title 1');
    expect(trace.events.filter((e) => e.type === 'llm').map((e) => (e.type === 'llm' ? e.module : ''))).toEqual([
      'auto.route',
      'ircot.step',
      'ircot.step',
      'answer',
    ]);
    expect(chats).toHaveLength(4);
    expect(foldTrace(trace.events).route).toBe('ircot');
    expect(trace.events.find((e) => e.type === 'thought' && e.kind === 'route')).toMatchObject({
      text: expect.stringContaining('LLM judgment: the question asks about the director of a film: two hops'),
    });
    expect(traceAnswer(trace)).toBe('Paris');
  });

  it('a server error fails the question with the error in its trace', async () => {
    const failing = await startOpenAiServer({
      script: () => ({ fault: { kind: 'status', status: 400, message: 'bad request' } }),
    });
    try {
      const llm = new OpenAiCompatibleProvider({ baseURL: failing.baseURL, model: 'test-model' });
      const trace = await runStrategy(
        'bdtr',
        question,
        { retriever, llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(4) },
        meta,
      );
      expect(trace.status).toBe('failed');
      expect(trace.events.filter((e) => e.type === 'error')).toEqual([
        expect.objectContaining({ module: 'bdtr.dual-thought', round: 1 }),
      ]);
    } finally {
      await failing.close();
    }
  });

  it.each([
    ['past the listing', '[9,4,2]', 'Doc 9 is not in the listing (Doc 1-4)'],
    ['zero', '[4,0,2]', 'Doc 0 is not in the listing (Doc 1-4)'],
    ['a string', '[4,"17",2]', '"17" is not a whole number'],
  ])(
    'a verifier index %s over the wire is dropped with a warning; the valid ones are promoted',
    async (_case, indices, reason) => {
      const bad = await startOpenAiServer({
        script: (body) => ({
          content: body.messages.some((m) => m.content.includes('You are a careful reasoning verifier.'))
            ? `{"covered_doc_indices":${indices}}`
            : reply(body),
        }),
      });
      try {
        const llm = new OpenAiCompatibleProvider({ baseURL: bad.baseURL, model: 'test-model' });
        const trace = await runStrategy(
          'bdtr',
          question,
          { retriever, llm, prompts: STRATEGY_PROMPTS, passages: passagesOf(4) },
          meta,
        );
        expect(bad.chats().some((c) => c.body?.messages.some((m) => m.content.includes('covered_doc_indices')))).toBe(
          true,
        );
        expect(trace.status).toBe('done');
        expect(trace.events.filter((e) => e.type === 'warning')).toEqual([
          expect.objectContaining({
            module: 'bdtr.verifier',
            message: `dropped 1 invalid covered_doc_indices: ${reason}`,
          }),
        ]);
        expect(traceRanking(trace).map((r) => r.id)).toEqual(['p4', 'p2', 'p1', 'p3']);
        expect(traceAnswer(trace)).toBe('Paris');
      } finally {
        await bad.close();
      }
    },
  );
});
