// A question run that calls an LLM from the browser's engine worker: the local OpenAI-compatible test
// server stands in for Ollama/vLLM. Settings -> run "single retrieval + reader" on demo-01 -> answer,
// EM, the reader's tokens per module, the provider label; the rerun is answered from the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queue, startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { appSession } from '../support/app-session.ts';
import { saveServerLlm } from '../support/settings-llm.ts';

describe('LLM run against the local OpenAI-compatible server (headless Chromium)', () => {
  const session = appSession('llm-run');
  let llm: OpenAiServer;

  beforeAll(async () => {
    llm = await startOpenAiServer({
      models: ['tiny'],
      script: queue({
        content: JSON.stringify({
          thought: 'The fog-lantern was devised by Ione Marlow, raised in Dunmere.',
          answer: 'Dunmere',
        }),
      }),
    });
  });

  afterAll(async () => {
    await llm?.close();
  });

  it('answers through the reader, shows tokens and caches the rerun', async () => {
    const app = (session.app = await session.chromium.openApp(session.server.url));
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    // The settings are saved (and survive a reload) before anything runs.
    await saveServerLlm(page, llm.baseURL);

    await page.click('[data-testid="tab-inspector"]');
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'single-read');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });

    expect(await page.locator('[data-testid="answer"]').innerText()).toBe('Dunmere');
    expect(await page.locator('[data-testid="metrics"]').innerText()).toMatch(/EM\s+1\.00/);
    expect(await page.locator('[data-testid="llm-label"]').innerText()).toContain('openai-compatible tiny');
    const costs = await page.locator('[data-testid="module-costs"]').innerText();
    expect(costs).toMatch(/answer\s+1\s+[1-9]\d*/);
    expect(llm.chats()).toHaveLength(1);
    expect(llm.chats()[0]?.body?.messages.at(-1)?.content).toContain(
      'Question: In which village did the woman who devised the fog-lantern spend her childhood?',
    );

    await page.click('[data-testid="run-button"]');
    await expect.poll(() => page.locator('[data-testid="module-costs"]').innerText()).toContain('(1 cached)');
    expect(llm.chats()).toHaveLength(1);

    // Stop: a server that never answers; the run ends with its partial trace, marked aborted.
    llm.setScript(queue({ fault: { kind: 'hang' } }));
    await page.selectOption('[data-testid="question-picker"]', 'demo-04');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="stop-button"]').click({ timeout: 30_000 });
    await expect
      .poll(() => page.locator('[data-testid="run-status"]').innerText(), { timeout: 30_000 })
      .toBe('ABORTED');
    expect(await page.locator('[data-testid="ranked-passage"]').count()).toBeGreaterThan(0);
    llm.setScript(
      queue({
        content: JSON.stringify({
          thought: 'The fog-lantern was devised by Ione Marlow, raised in Dunmere.',
          answer: 'Dunmere',
        }),
      }),
    );

    // A small batch with the reader: accuracy by type is plotted from the answers.
    await page.click('[data-testid="tab-batch"]');
    await page.uncheck('[data-testid="batch-config-bm25"]');
    await page.uncheck('[data-testid="batch-config-hipporag2"]');
    await page.check('[data-testid="batch-config-bm25+reader"]');
    await page.fill('[data-testid="batch-limit"]', '3');
    await page.click('[data-testid="batch-run"]');
    await page
      .locator('[data-testid="batch-status"]')
      .filter({ hasText: '3 / 3 runs · done' })
      .waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="batch-plot"][aria-label="Accuracy by question type"]').count()).toBe(1);
    // Every question's answer is "Dunmere": right for demo-01 only (demo-01 was cached above).
    const acc = await page.locator('[data-testid="batch-row"] td:nth-child(7)').allInnerTexts();
    expect(acc).toEqual(['100%', '0%', '0%']); // Acc in percent, like every share on the page
    expect(llm.chats()).toHaveLength(4); // demo-01 cached; demo-04's aborted call; demo-02, demo-03

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
