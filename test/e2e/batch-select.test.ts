// Batch question selection (headless Chromium): a seeded sample of 5 two-hop demo questions picks the
// same ids after a rerun and after a reload, the batch runs exactly those, and the plots mark rounds a
// strategy does not have as n/a.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

/** Hop count of each demo question: one supporting passage per hop. */
const demoHops = new Map(
  (
    JSON.parse(readFileSync(new URL('../../public/demo/demo.json', import.meta.url), 'utf8')) as {
      _id: string;
      supporting_titles: string[];
    }[]
  ).map((q) => [q._id, q.supporting_titles.length]),
);

const chosenIds = async (page: Page) =>
  ((await page.locator('[data-testid="batch-chosen"]').getAttribute('data-ids')) ?? '').split(' ').filter(Boolean);

/** The batch's rows as its CSV export has them (the table on screen is windowed). */
async function csvQuestionIds(page: Page): Promise<string[]> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-csv"]')]);
  const lines = readFileSync(await d.path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  return [...new Set(lines.map((l) => l.split(',')[3] as string))].sort();
}

/** Whether IndexedDB holds the batch's choices with this seed (the save is debounced). */
const savedSeed = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('hopscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('settings').objectStore('settings').get('workspace.v1.choices');
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result?.value?.batchSeed ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );

describe('batch question selection (headless Chromium)', () => {
  const session = appSession('batch-select');

  it('a seeded sample filtered by hop count is stable across a rerun and a reload', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-batch"]');
    await page.fill('[data-testid="batch-limit"]', '5');
    await page.selectOption('[data-testid="batch-pick-mode"]', 'sample');
    await page.fill('[data-testid="batch-seed"]', '42');
    await page.selectOption('[data-testid="batch-hops"]', '2');
    const ids = await chosenIds(page);
    expect(ids).toHaveLength(5);
    for (const id of ids) expect(demoHops.get(id)).toBe(2);
    // Not simply the first five two-hop questions.
    const firstFive = [...demoHops]
      .filter(([, h]) => h === 2)
      .slice(0, 5)
      .map(([id]) => id);
    expect(ids).not.toEqual(firstFive);

    // Another seed picks others; the same seed again picks the same ids.
    await page.fill('[data-testid="batch-seed"]', '43');
    expect(await chosenIds(page)).not.toEqual(ids);
    await page.fill('[data-testid="batch-seed"]', '42');
    expect(await chosenIds(page)).toEqual(ids);
    await page.screenshot({ path: 'test-results/batch-select-1280.png' });

    await page.click('[data-testid="batch-run"]');
    const status = page.locator('[data-testid="batch-status"]');
    await status.filter({ hasText: '10 / 10 runs · done' }).waitFor({ timeout: 120_000 });
    expect(await csvQuestionIds(page)).toEqual([...ids].sort());
    await page.screenshot({ path: 'test-results/batch-select-plots-1280.png', fullPage: true });

    await expect.poll(() => savedSeed(page), { timeout: 30_000 }).toBe(42);
    await page.reload();
    await page.locator('[data-testid="batch-chosen"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => chosenIds(page), { timeout: 30_000 }).toEqual(ids);
    expect(await page.locator('[data-testid="batch-seed"]').inputValue()).toBe('42');
    expect(await page.locator('[data-testid="batch-hops"]').inputValue()).toBe('2');
  });
});
