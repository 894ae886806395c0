// Batch: BM25 and HippoRAG 2 single retrieval over the first 4 demo questions; progress to the end,
// plots drawn, table sortable and filterable, CSV/SVG/PNG exports, and a row opening its trace.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

const N = 4;

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await d.path();
  return { name: d.suggestedFilename(), bytes: readFileSync(path) };
}

describe('batch over a dataset slice (headless Chromium)', () => {
  const session = appSession('batch');

  it('runs, plots, sorts, filters, exports and opens a row in the inspector', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-batch"]');
    await page.fill('[data-testid="batch-limit"]', String(N));
    await page.click('[data-testid="batch-run"]');
    await page
      .locator('[data-testid="batch-status"]')
      .filter({ hasText: `${2 * N} / ${2 * N} runs · done` })
      .waitFor({ timeout: 60_000 });

    expect(await page.locator('[data-testid="batch-row"]').count()).toBe(2 * N);
    // four retrieval plots, two per-iteration plots (GEAR Fig. 2 and Fig. 4), then paper 004's diagnostics
    expect(await page.locator('[data-testid="batch-plot"]').count()).toBeGreaterThanOrEqual(7);
    expect(await page.locator('[data-testid="batch-plot"][aria-label="Recall@15 per round"]').count()).toBe(1);
    expect(await page.locator('[data-testid="batch-plot"][aria-label="LLM tokens per round"]').count()).toBe(1);
    const diag = page.locator('[data-testid="batch-plot"][aria-label="Diagnostics per strategy (paper 004)"]');
    expect(await diag.count()).toBe(1);
    expect(await diag.locator('svg rect').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="batch-plot"] svg path').count()).toBeGreaterThan(0);

    // Sorting by Recall@5 (descending first) orders the column.
    await page.click('th >> text=Recall@5');
    const recalls = (await page.locator('[data-testid="batch-row"] td:nth-child(4)').allInnerTexts()).map((t) =>
      Number.parseInt(t, 10),
    );
    expect(recalls).toEqual([...recalls].sort((a, b) => b - a));
    // Filtering by type keeps only that type.
    await page.selectOption('[data-testid="batch-type-filter"]', 'bridge');
    const types = await page.locator('[data-testid="batch-row"] td:nth-child(3)').allInnerTexts();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['bridge']));
    await page.selectOption('[data-testid="batch-type-filter"]', '');
    // Rounds used and LLM calls per run (single retrieval: no rounds, no calls).
    expect(await page.locator('th', { hasText: 'rounds' }).count()).toBe(1);
    expect(new Set(await page.locator('[data-testid="batch-rounds"]').allInnerTexts())).toEqual(new Set(['0']));

    const csv = await downloaded(page, () => page.click('[data-testid="export-csv"]'));
    const lines = csv.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(
      'strategy,llm,regime,question_id,type,question,recall@1,recall@2,recall@5,recall@10,recall@20,first_gold_rank,answer,em,f1,acc,ms,status,error',
    );
    expect(lines).toHaveLength(2 * N + 1);
    const svg = await downloaded(page, () => page.locator('[data-testid="export-svg"]').first().click());
    expect(svg.name).toBe('recall-at-k.svg');
    expect(svg.bytes.toString('utf8')).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const png = await downloaded(page, () => page.locator('[data-testid="export-png"]').first().click());
    expect(png.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

    await page.screenshot({ path: 'test-results/batch-results.png', fullPage: true });
    // A row opens its trace in the inspector.
    const first = page.locator('[data-testid="batch-row"]').first();
    const qid = await first.locator('td').first().innerText();
    await first.click();
    await expect.poll(() => page.locator('[data-testid="run-label"]').innerText()).toContain(qid);

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
