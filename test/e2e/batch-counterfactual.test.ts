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
    applied: await num('cf-applied'),
    notApplied: await num('cf-not-applied'),
    branchFailed: await num('cf-branch-failed'),
    plainFailed: await num('cf-plain-failed'),
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
        expect(c).toMatchObject({ applied: N, notApplied: 0, branchFailed: 0, changed: 0, fixed: 0, broken: 0 });
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
        expect(c.questions).toBe(N);
        expect(c.applied + c.notApplied + c.branchFailed + c.plainFailed).toBe(N);
        expect(c.applied).toBeGreaterThan(0);
        expect(c.failed).toBeLessThanOrEqual(c.applied);
        expect(c.fixed).toBeLessThanOrEqual(c.failed);
        expect(c.broken).toBeLessThanOrEqual(c.applied - c.failed);
      }
      expect(await page.locator('[data-testid="batch-cf"]').count()).toBe(2 * N);
      await summary.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/batch-counterfactual-summary.png' });

      // which questions shifted between the two lanes: the cells add up to the questions both ran
      const shift = page.locator('[data-testid="failure-shift"]');
      await shift.waitFor({ timeout: 30_000 });
      const both = Number(await shift.getAttribute('data-questions'));
      expect(both).toBe(N);
      const cellCounts = await shift
        .locator('[data-testid="shift-cell"]')
        .evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('data-count'))));
      expect(cellCounts.reduce((a, b) => a + b, 0)).toBe(N);
      const flagCounts = await shift
        .locator('[data-testid="shift-flag-row"]')
        .evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-count'))));
      expect(flagCounts.reduce((a, b) => a + b, 0)).toBe(N);
      expect(await shift.locator('[data-testid="shift-question"]').count()).toBeGreaterThanOrEqual(N);
      await shift.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/batch-failure-shift.png' });

      // the counterfactual results survive a reload
      const before = await Promise.all(STRATEGIES.map((s) => counts(page, s)));
      await page.waitForFunction(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('hopscope');
            open.onsuccess = () => {
              const get = open.result
                .transaction('settings')
                .objectStore('settings')
                .get('workspace.v1.counterfactual');
              get.onsuccess = () => {
                const v = (get.result as { value?: { spec?: string; runs?: object } } | undefined)?.value;
                resolve(v?.spec === 'gold-bridge@1' && Object.keys(v.runs ?? {}).length === 6 /* 2 strategies x N */);
              };
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
        undefined,
        { timeout: 30_000 },
      );
      await page.reload();
      // the reload reopens the Batch tab (the workspace keeps the view)
      await page.locator('[data-testid="tab-batch"]').click({ timeout: 60_000 });
      await expect
        .poll(() => page.locator('[data-testid="cf-summary-row"]').count(), { timeout: 60_000 })
        .toBe(STRATEGIES.length);
      expect(await page.locator('[data-testid="cf-summary"] h3').innerText()).toContain('Counterfactual gold-bridge@1');
      expect(await Promise.all(STRATEGIES.map((s) => counts(page, s)))).toEqual(before);
    },
  );
});
