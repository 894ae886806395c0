// Before the first run, the form says which LLM will answer (headless Chromium, no network): the offline
// thinker by default, the Settings model once one is chosen, nothing to call for a retrieval-only strategy
// over BM25, and the backbone's own call over HippoRAG 2. Screenshot: run-llm-label.png (1280x720).
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('which LLM will answer, near Run', () => {
  const session = appSession('run-llm-label');

  it('names the offline thinker, then the Settings model; a retrieval-only strategy calls none', async () => {
    const app = await session.openReady();
    const { page } = app;
    const label = page.locator('[data-testid="run-llm"]');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await expect.poll(() => label.innerText()).toBe('Answers with: offline thinker (no LLM) (change it in Settings)');
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    expect(await label.innerText()).toBe('This strategy calls no LLM: it retrieves only.');

    await page.click('[data-testid="tab-settings"]');
    await page.selectOption('[data-testid="llm-provider"]', 'openai');
    await page.fill('[data-testid="llm-base-url"]', 'http://127.0.0.1:9/v1');
    await page.fill('[data-testid="llm-model"]', 'tiny-model');
    await page.click('[data-testid="tab-inspector"]');
    await page.selectOption('[data-testid="strategy-picker"]', 'planner');
    await expect
      .poll(() => label.innerText())
      .toBe('Answers with: openai-compatible tiny-model (change it in Settings)');
    expect(await label.innerText()).not.toContain('127.0.0.1');
    // retrieval only over HippoRAG 2 with an LLM in Settings: the backbone's recognition filter calls it
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    await expect
      .poll(() => label.innerText())
      .toMatch(
        /^This strategy calls no LLM itself, but the backbone does: .*calls openai-compatible tiny-model for its recognition-memory filter/,
      );
    await page.selectOption('[data-testid="backbone-picker"]', 'bm25');
    expect(await label.innerText()).toBe('This strategy calls no LLM: it retrieves only.');
    expect(await page.locator('[data-testid="run-llm"]').isVisible()).toBe(true);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
