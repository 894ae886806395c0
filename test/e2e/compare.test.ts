// Compare: BM25 and HippoRAG 2 single retrieval plus a recorded BDTR run, side by side on demo-01:
// each lane shows its final context with the passages no other lane has marked, and a rank chart.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

const fixture = fileURLToPath(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url));

describe('compare strategies on one question (headless Chromium)', () => {
  const session = appSession('compare');

  it('runs two backbones, adds a recorded BDTR lane and marks the differences', async () => {
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-compare"]');
    await page.locator('[data-testid="compare-question"]:not([disabled])').waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="compare-question"]', 'demo-01');
    await page.setInputFiles('[data-testid="compare-file"]', fixture);
    // The file is read asynchronously: wait for its lane.
    await expect.poll(() => page.locator('[data-testid="compare-lane"]').count()).toBe(3);
    await page.click('[data-testid="compare-run"]');

    const results = page.locator('[data-testid="compare-lane-result"]');
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBe(3);
    expect(await page.locator('[data-testid="compare-lane"] [data-testid="rank-chart"]').count()).toBe(3);
    // The BDTR lane answers; the single-retrieval lanes do not.
    const answers = await page.locator('[data-testid="compare-answer"]').allInnerTexts();
    expect(answers[2]).toBe('Dunmere');
    expect(answers[0]).toMatch(/no answer/);
    // Every lane lists its context; passages found by one lane only are marked.
    for (let i = 0; i < 3; i++)
      expect(await results.nth(i).locator('[data-testid="compare-passage"]').count()).toBeGreaterThan(0);
    const onlyFlags = await page
      .locator('[data-testid="compare-passage"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-only')));
    expect(onlyFlags).toContain('true');
    expect(onlyFlags).toContain('false');
    // Gold passages are marked in the lanes that found them (BDTR's cut holds both).
    expect(await results.nth(2).locator('[data-testid="compare-passage"][data-gold="true"]').count()).toBe(2);

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
