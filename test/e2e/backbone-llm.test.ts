// With an LLM in Settings, the browser's engine worker builds RAPTOR, GraphRAG and HippoRAG 2 with it
// (headless Debian Chromium; the local OpenAI-compatible server stands in for the model): a single run on
// each backbone sends the summary, community report and recognition-filter requests to the server.
// The trace options naming them are asserted on the engine object in test/workers/engine-backbone-llm.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backboneCall, backboneReply } from '../support/backbone-replies.ts';
import { appSession } from '../support/app-session.ts';
import { saveServerLlm } from '../support/settings-llm.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

async function run(page: Page, backbone: 'raptor' | 'graphrag' | 'hipporag2'): Promise<void> {
  await page.selectOption('[data-testid="question-picker"]', 'demo-01');
  await page.selectOption('[data-testid="backbone-picker"]', backbone);
  await page.selectOption('[data-testid="strategy-picker"]', 'single');
  await page.click('[data-testid="run-button"]');
  await page
    .locator('[data-testid="run-label"]')
    .filter({ hasText: new RegExp(`^single on ${backbone} `) })
    .waitFor({ timeout: 180_000 });
  await expect
    .poll(() => page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').count(), { timeout: 60_000 })
    .toBeGreaterThan(0);
}

describe('backbones with the LLM from Settings in the engine worker (headless Chromium)', () => {
  const session = appSession('backbone-llm');
  let llm: OpenAiServer;
  beforeAll(async () => {
    llm = await startOpenAiServer({ models: ['tiny'], script: backboneReply });
  });
  afterAll(async () => {
    await llm?.close();
  });

  it(
    'RAPTOR summaries, GraphRAG reports and the HippoRAG 2 filter go to the configured LLM',
    { timeout: 600_000 },
    async () => {
      const app = (session.app = await session.chromium.openApp(session.server.url));
      const { page } = app;
      await page.setViewportSize({ width: 1280, height: 720 });
      await saveServerLlm(page, llm.baseURL);
      await page.click('[data-testid="tab-inspector"]');
      await page
        .locator('[data-testid="corpus-status"]')
        .filter({ hasText: /\bready\b/i })
        .waitFor({ timeout: 60_000 });

      const kinds = () => llm.chats().map((c) => backboneCall(c.body!));
      await run(page, 'raptor');
      expect(kinds()).toContain('summary');
      await run(page, 'graphrag');
      expect(kinds()).toContain('report');
      await run(page, 'hipporag2');
      expect(kinds()).toContain('filter');
      app.assertNoNetwork();
    },
  );
});
