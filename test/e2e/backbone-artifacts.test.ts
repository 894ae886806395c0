// RAPTOR and GraphRAG in the workbench keep what they build (headless Debian Chromium, real
// IndexedDB): the first run on the demo corpus builds the tree / communities and stores them; after a
// reload the same runs read them from storage (the run label says so, from the trace's `built`) and
// rank the same passages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

const session = appSession('backbone-artifacts');

async function run(page: Page, backbone: 'raptor' | 'graphrag'): Promise<{ built: string; ranking: string[] }> {
  const picker = page.locator('select[data-testid="question-picker"]');
  await picker.selectOption((await picker.locator('option').nth(1).getAttribute('value'))!);
  await page.selectOption('[data-testid="backbone-picker"]', backbone);
  await page.selectOption('[data-testid="strategy-picker"]', 'single');
  await page.click('[data-testid="run-button"]');
  await page
    .locator('[data-testid="run-label"]')
    .filter({ hasText: new RegExp(`^single on ${backbone} `) })
    .waitFor({ timeout: 120_000 });
  const built = page.locator('[data-testid="backbone-built"]');
  await built.waitFor({ timeout: 60_000 });
  await expect
    .poll(() => page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').count(), { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(await page.locator('[data-testid="run-status"]').count()).toBe(0);
  const ranking = await page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').allInnerTexts();
  return { built: await built.innerText(), ranking };
}

describe('RAPTOR and GraphRAG artifacts in the workbench', () => {
  it(
    'builds and stores the tree and the communities once; after a reload both are read from storage',
    { timeout: 300_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      const first = { raptor: await run(page, 'raptor'), graphrag: await run(page, 'graphrag') };
      expect(first.raptor.built).toMatch(/raptor: built and stored/);
      expect(first.graphrag.built).toMatch(/graphrag: built and stored/);

      await page.reload();
      await page
        .locator('[data-testid="corpus-status"]')
        .filter({ hasText: /\bready\b/i })
        .waitFor({ timeout: 60_000 });
      const raptor = await run(page, 'raptor');
      expect(raptor.built).toMatch(/raptor: loaded from storage/);
      expect(raptor.ranking).toEqual(first.raptor.ranking);
      await app.screenshot('backbone-artifacts-raptor-reloaded');
      const graphrag = await run(page, 'graphrag');
      expect(graphrag.built).toMatch(/graphrag: loaded from storage/);
      expect(graphrag.ranking).toEqual(first.graphrag.ranking);
    },
  );
});
