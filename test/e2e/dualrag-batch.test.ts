// Batch actions of issue 13 in the built app: DualRAG over the first 3 demo questions with an
// OpenAI-compatible LLM (the local test server, scripted: demo-01 answered right, the others wrong),
// then the Acc† judge pass (Fig. 8) with the Settings LLM after the runs, shown as Acc† (not EM), and
// the DualRAG-FT export holding only the correctly answered question's Reasoner / EI / Summarizer calls.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ftExample } from '../../src/core/eval/ft-export.ts';
import { appSession } from '../support/app-session.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';

const questions = JSON.parse(readFileSync(new URL('../../public/demo/demo.json', import.meta.url), 'utf8')) as {
  _id: string;
  question: string;
  answer: string;
}[];

function reply(body: ChatBody): string {
  const text = body.messages.map((m) => m.content).join('\n');
  const last = body.messages.at(-1)!.content;
  const i = questions.findIndex((q) => text.includes(q.question));
  if (text.includes('Does the Prediction imply the Ground-truth Answer?')) {
    const [, prediction, gold] = /Prediction: (.*)\nGround-truth Answer (.*)\n/.exec(text)!;
    return prediction === gold ? 'Yes' : 'No';
  }
  if (text.includes('Your current task is to reason based on the knowledge that has been retrieved.'))
    return JSON.stringify({
      reasoning: 'I need to know about the fog-lantern.',
      need_retrieval: last.includes('(no reasoning yet)'),
    });
  if (text.includes('and to generate retrieval keywords.'))
    return '{"entities": [{"entity": "Fog-lantern", "queries": ["fog-lantern"]}]}';
  if (text.includes('Your task is to read and organize the retrieved documents'))
    return 'The fog-lantern was devised by Ione Marlow.';
  if (text.includes('Give the final answer'))
    return JSON.stringify({ answer: i === 0 ? questions[0]!.answer : 'Nowhere' });
  return 'unexpected prompt';
}

describe('batch: Acc† judge and DualRAG-FT export', () => {
  const session = appSession('dualrag-batch');
  let llm: OpenAiServer;
  beforeAll(async () => {
    llm = await startOpenAiServer({ models: ['tiny'], script: (body) => ({ content: reply(body) }) });
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('judges the finished answers and exports only the correct trajectory', async () => {
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-settings"]');
    await page.selectOption('[data-testid="llm-provider"]', 'openai');
    await page.fill('[data-testid="llm-base-url"]', llm.baseURL);
    await page.fill('[data-testid="llm-model"]', 'tiny');
    await page.reload();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.click('[data-testid="tab-batch"]');
    await page.uncheck('[data-testid="batch-config-bm25"]');
    await page.uncheck('[data-testid="batch-config-hipporag2"]');
    await page.check('[data-testid="batch-config-dualrag/bm25"]');
    await page.fill('[data-testid="batch-limit"]', '3');
    await page.click('[data-testid="batch-run"]');
    await page
      .locator('[data-testid="batch-status"]')
      .filter({ hasText: '3 / 3 runs · done' })
      .waitFor({ timeout: 60_000 });
    const runChats = llm.chats().length;

    await page.click('[data-testid="judge-run"]');
    const result = page.locator('[data-testid="judge-result"]');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toMatch(/Acc† \(LLM judge .*tiny.*; not EM\): 33\.3% over 3 answers/);
    const judgeChats = llm.chats().slice(runChats);
    expect(judgeChats).toHaveLength(3);
    expect(
      judgeChats.every((c) =>
        c.body!.messages[0]!.content.includes('Does the Prediction imply the Ground-truth Answer?'),
      ),
    ).toBe(true);

    const [d] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-ft"]')]);
    expect(d.suggestedFilename()).toBe('dualrag-ft.jsonl');
    const lines = readFileSync(await d.path(), 'utf8')
      .trim()
      .split('\n')
      .map((l) => ftExample.parse(JSON.parse(l)));
    expect(lines.map((l) => [l.questionId, l.capability])).toEqual([
      ['demo-01', 'reasoner'],
      ['demo-01', 'entity-identifier'],
      ['demo-01', 'knowledge-summarizer'],
      ['demo-01', 'reasoner'],
    ]);
    expect(await page.locator('[data-testid="ft-exported"]').innerText()).toContain(
      '4 examples (reasoner 2, entity identifier 1, knowledge summarizer 1)',
    );
    app.assertNoConsoleErrors();
  });
});
