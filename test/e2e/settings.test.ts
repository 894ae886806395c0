// Settings are stored in this browser (IndexedDB via the engine worker) and survive a reload; the API
// key stays out of exported runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';
import { startOpenAiServer } from '../support/openai-server.ts';

describe('settings (headless Chromium)', () => {
  const session = appSession('settings');

  it('keeps provider, URL, model and key across a reload and never exports the key', async () => {
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-settings"]');
    await page.selectOption('[data-testid="llm-provider"]', 'openai');
    await page.fill('[data-testid="llm-base-url"]', 'http://127.0.0.1:9/v1');
    await page.fill('[data-testid="llm-api-key"]', 'sk-never-exported');
    await page.fill('[data-testid="llm-model"]', 'tiny-model');

    await page.reload();
    await page.click('[data-testid="tab-settings"]');
    await page.locator('[data-testid="llm-provider"]').waitFor();
    expect(await page.locator('[data-testid="llm-provider"]').inputValue()).toBe('openai');
    expect(await page.locator('[data-testid="llm-base-url"]').inputValue()).toBe('http://127.0.0.1:9/v1');
    expect(await page.locator('[data-testid="llm-model"]').inputValue()).toBe('tiny-model');
    expect(await page.locator('[data-testid="llm-api-key"]').inputValue()).toBe('sk-never-exported');
    await page.screenshot({ path: 'test-results/settings-saved.png', fullPage: true });

    // Run something and export it: the file holds no key.
    await page.click('[data-testid="tab-inspector"]');
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'single'); // no LLM call to the unreachable server
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-run"]')]);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toContain('"question"');
    expect(text).not.toContain('sk-never-exported');
    expect(text).not.toContain('127.0.0.1:9'); // the provider label only, no base URL

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });

  it('"Test connection" runs in the engine worker: the models are listed, a rejected key is a sentence', async () => {
    const server = await startOpenAiServer({ models: ['tiny', 'tiny-large'], apiKey: 'sk-right' });
    try {
      const app = await session.open({
        // Chromium logs the refused request of the wrong-key test.
        expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401/],
      });
      const { page } = app;
      await page.click('[data-testid="tab-settings"]');
      await page.selectOption('[data-testid="llm-provider"]', 'openai');
      await page.fill('[data-testid="llm-base-url"]', server.baseURL);
      await page.fill('[data-testid="llm-api-key"]', 'sk-right');
      await page.click('[data-testid="llm-test-connection"]');
      await page.locator('[data-testid="llm-models"]').waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="llm-models"] button').allTextContents()).toEqual(['tiny', 'tiny-large']);

      await page.fill('[data-testid="llm-api-key"]', 'sk-wrong');
      await page.click('[data-testid="llm-test-connection"]');
      await page.locator('[data-testid="llm-test-error"]').waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="llm-test-error"]').textContent()).toBe(
        `The server at ${server.baseURL} rejected the API key (401). Check the key in Settings.`,
      );
      await page.screenshot({ path: 'test-results/settings-test-connection.png' });
      expect(server.log.filter((r) => r.path === '/v1/models')).toHaveLength(2);
      app.assertNoConsoleErrors();
    } finally {
      await server.close();
    }
  });
});
