// Puts an OpenAI-compatible server in the page's Settings as a person does (provider, base URL, model),
// reloads, and waits until the saved model reads back: the settings survived the reload before any run.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function saveServerLlm(page: Page, baseURL: string, model = 'tiny'): Promise<void> {
  await page.click('[data-testid="tab-settings"]');
  await page.selectOption('[data-testid="llm-provider"]', 'openai');
  await page.fill('[data-testid="llm-base-url"]', baseURL);
  await page.fill('[data-testid="llm-model"]', model);
  await page.reload();
  await page.click('[data-testid="tab-settings"]');
  await expect.poll(() => page.locator('[data-testid="llm-model"]').inputValue()).toBe(model);
}
