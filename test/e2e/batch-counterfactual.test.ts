// Counterfactual attribution in the browser batch: BDTR and IRCoT on BM25 over the first demo
// questions (offline thinker); with `rerun` neither strategy changes a ranking or an answer, with the
// oracle `gold-bridge@1` each strategy reports failed / fixed / broken under an "oracle" label.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

const N = 3;
const STRATEGIES = ['bdtr/bm25', 'ircot/bm25'];

async function runBatch(page: Page) {
  await page.click('[data-testid="batch-run"]');
  await page
    .locator('[data-testid="batch-status"]')
    .filter({ hasText: `${2 * N} / ${2 * N} runs · done` })
    .waitFor({ timeout: 240_000 });
}

const counts = async (page: Page, strategy: string) => {
  const row = page.locator(`[data-testid="cf-summary-row"][data-strategy="${strategy}"]`);
  const num = async (id: string) => Number(await row.locator(`[data-testid="${id}"]`).innerText());
  return {
    questions: await num('cf-questions'),
    changed: await num('cf-changed'),
    failed: await num('cf-failed'),
    fixed: await num('cf-fixed'),
    broken: await num('cf-broken'),
  };
};

describe('batch counterfactuals (headless Chromium)', () => {
  const session = appSession('batch-counterfactual');

  it(
    'rerun changes nothing; gold-bridge@1 is an oracle with failed / fixed / broken',
    { timeout: 600_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      await page.click('[data-testid="tab-batch"]');
      await page.uncheck('[data-testid="batch-config-bm25"]');
      await page.uncheck('[data-testid="batch-config-hipporag2"]');
      for (const s of STRATEGIES) await page.check(`[data-testid="batch-config-${s}"]`);
      await page.fill('[data-testid="batch-limit"]', String(N));

      await page.selectOption('[data-testid="batch-counterfactual-spec"]', 'rerun');
      await runBatch(page);
      const summary = page.locator('[data-testid="cf-summary"]');
      expect(await summary.locator('h3').innerText()).toContain('Counterfactual rerun@1');
      expect(await summary.locator('[data-testid="cf-oracle"]').count()).toBe(0);
      for (const s of STRATEGIES) {
        const c = await counts(page, s);
        expect(c.questions).toBe(N);
        expect(c).toMatchObject({ changed: 0, fixed: 0, broken: 0 });
      }
      const cells = await page.locator('[data-testid="batch-cf"]').allInnerTexts();
      expect(cells).toHaveLength(2 * N);
      expect(new Set(cells)).toEqual(new Set(['unchanged']));

      await page.selectOption('[data-testid="batch-counterfactual-spec"]', 'gold-bridge');
      expect(await page.inputValue('[data-testid="batch-counterfactual-round"]')).toBe('1');
      await page.locator('[data-testid="batch-counterfactual"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/batch-counterfactual-setup.png' });
      expect(await page.locator('[data-testid="batch-counterfactual-spec"] option:checked').innerText()).toContain(
        'oracle',
      );
      await runBatch(page);
      expect(await summary.locator('h3').innerText()).toContain('Counterfactual gold-bridge@1');
      expect(await summary.getAttribute('data-oracle')).toBe('true');
      expect((await summary.locator('[data-testid="cf-oracle"]').innerText()).toLowerCase()).toBe('oracle');
      expect(await page.locator('[data-testid="cf-summary-row"]').count()).toBe(STRATEGIES.length);
      for (const s of STRATEGIES) {
        const row = page.locator(`[data-testid="cf-summary-row"][data-strategy="${s}"]`);
        expect(await row.locator('td').first().innerText()).toContain('(oracle)');
        const c = await counts(page, s);
        expect(c.questions).toBeGreaterThan(0);
        expect(c.questions).toBeLessThanOrEqual(N);
        expect(c.failed).toBeLessThanOrEqual(c.questions);
        expect(c.fixed).toBeLessThanOrEqual(c.failed);
        expect(c.broken).toBeLessThanOrEqual(c.questions - c.failed);
      }
      expect(await page.locator('[data-testid="batch-cf"]').count()).toBe(2 * N);
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/batch-counterfactual-summary.png' });
    },
  );
});
