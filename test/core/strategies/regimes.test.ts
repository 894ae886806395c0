// The evidence regimes (paper 004) in core: no-context shows the reader nothing, gold-context shows it
// exactly the gold passages and labels the trace an oracle, the planner's reader is its composer, and
// a bad reply is kept as a failed trace.
import { describe, expect, it } from 'vitest';
import { runRegime } from '../../../src/core/strategies/regimes.ts';
import { STRATEGY_PROMPTS } from '../../../src/prompts/strategy-prompts.ts';
import { fixedRetriever, meta, passagesOf, question, ScriptedLlm } from './scripted.ts';

const ctx = (llm: ScriptedLlm) => ({
  retriever: fixedRetriever({}),
  llm,
  prompts: STRATEGY_PROMPTS,
  passages: passagesOf(8),
});

describe('runRegime', () => {
  it('no-context: the QA reader with no passages, no retrieval', async () => {
    const llm = new ScriptedLlm({ answer: ['{"thought":"t","answer":"Paris"}'] });
    const trace = await runRegime('no-context', 'ircot', question, ctx(llm), meta);
    expect(trace).toMatchObject({
      regime: 'no-context',
      strategy: 'ircot',
      id: 'ircot-no-context-fixed-q1',
      status: 'done',
      options: { regime: 'no-context', reader: 'answer' },
    });
    expect(trace.events.map((e) => e.type)).toEqual(['round.start', 'context', 'llm', 'answer']);
    expect(trace.events.find((e) => e.type === 'context')).toMatchObject({ ids: [] });
    expect(llm.userText('answer')).not.toContain('Title 4');
  });

  it('gold-context: exactly the gold passages, labelled an oracle', async () => {
    const llm = new ScriptedLlm({ answer: ['{"thought":"t","answer":"Paris"}'] });
    const trace = await runRegime('gold-context', 'static', question, ctx(llm), meta);
    expect(trace.options.oracle).toMatch(/^oracle/);
    expect(trace.events.find((e) => e.type === 'warning')).toMatchObject({
      module: 'regime',
      message: expect.stringMatching(/^oracle/),
    });
    expect(trace.events.find((e) => e.type === 'context')).toMatchObject({ ids: ['p4', 'p6'] });
    expect(llm.userText('answer')).toContain('Wikipedia Title: Title 4\nText of passage 4.');
    expect(llm.userText('answer')).toContain('Wikipedia Title: Title 6');
  });

  it("the planner's reader is its composer; its citations map to the gold ids", async () => {
    const llm = new ScriptedLlm({ 'planner.compose': ['{"answer":"Paris","citations":[2]}'] });
    const trace = await runRegime('gold-context', 'planner', question, ctx(llm), meta);
    expect(trace.options).toMatchObject({
      reader: 'planner.compose',
      prompts: { 'planner.compose': 'hopscope-planner-compose/1' },
    });
    expect(trace.events.findLast((e) => e.type === 'answer')).toMatchObject({ text: 'Paris', citations: ['p6'] });
  });

  it('GEAR reads with its J.3 QA reader in both regimes, as its iterative run answers', async () => {
    const none = new ScriptedLlm({ 'gear.qa': ['Answer: Paris'] });
    const nc = await runRegime('no-context', 'gear', question, ctx(none), meta);
    expect(nc.options).toMatchObject({ reader: 'gear.qa', prompts: { 'gear.qa': 'gear-appJ3-qa/1' } });
    expect(nc.events.findLast((e) => e.type === 'answer')).toMatchObject({ text: 'Paris' });
    expect(none.requests.map((r) => r.module)).toEqual(['gear.qa']);
    const gold = new ScriptedLlm({ 'gear.qa': ['Answer: Paris'] });
    await runRegime('gold-context', 'gear', question, ctx(gold), meta);
    expect(gold.userText('gear.qa')).toContain('Title 4');
  });

  it('DualRAG answers with its own answer prompt (Eq. 4), the gold passages as its knowledge', async () => {
    const llm = new ScriptedLlm({ 'dualrag.answer': ['{"answer":"Paris"}'] });
    const trace = await runRegime('gold-context', 'dualrag', question, ctx(llm), meta);
    expect(trace.options).toMatchObject({ reader: 'dualrag.answer' });
    expect(trace.events.findLast((e) => e.type === 'answer')).toMatchObject({ text: 'Paris' });
    expect(llm.requests.map((r) => r.module)).toEqual(['dualrag.answer']);
    expect(llm.userText('dualrag.answer')).toContain('Title 6');
    const blind = new ScriptedLlm({ 'dualrag.answer': ['{"answer":"Paris"}'] });
    await runRegime('no-context', 'dualrag-no-ei', question, ctx(blind), meta);
    expect(blind.userText('dualrag.answer')).toContain('(no knowledge retrieved yet)');
  });

  it('a bad reply is a failed trace with its error, not a throw', async () => {
    const trace = await runRegime(
      'no-context',
      'static',
      question,
      ctx(new ScriptedLlm({ answer: ['{"thought": "no answer field"}'] })),
      meta,
    );
    expect(trace.status).toBe('failed');
    expect(trace.events.at(-1)).toMatchObject({ type: 'error', module: 'answer' });
  });
});
