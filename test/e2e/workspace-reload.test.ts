// Nothing an analyst does is lost (headless Chromium, IndexedDB): after a reload the last run is on screen
// at its step, the tab and the choices (the backbone too) are back, and a batch of 20 questions keeps its
// results. A batch row opens with the form set to its configuration; the tour asks before replacing a run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession, CORPUS_READY } from '../support/app-session.ts';

const N = 20;
const demo = (name: string) => readFileSync(new URL(`../../public/demo/${name}`, import.meta.url), 'utf8');

/** The demo corpus with 20 questions: its 15, and 5 of them again under new ids. */
function persistDataset() {
  const questions = JSON.parse(demo('demo.json')) as { _id: string }[];
  const more = questions.slice(0, N - questions.length).map((q) => ({ ...q, _id: `${q._id}-again` }));
  return [
    { name: 'keep_corpus.json', mimeType: 'application/json', buffer: Buffer.from(demo('demo_corpus.json')) },
    { name: 'keep.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify([...questions, ...more])) },
  ];
}

/** The batch's rows as its CSV export has them (the table on screen is windowed). */
async function csvRows(page: Page): Promise<string[]> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-csv"]')]);
  const lines = readFileSync(await d.path(), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  expect(lines).toHaveLength(2 * N);
  return lines;
}

/** A saved workspace record in IndexedDB (read with the plain IndexedDB API). */
const savedRecord = (page: Page, key: string) =>
  page.evaluate(
    (key) =>
      new Promise<{ runs?: unknown[]; view?: string } | undefined>((resolve, reject) => {
        const open = indexedDB.open('hopscope');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('settings').objectStore('settings').get(key);
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result?.value);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );

const ready = (page: Page) =>
  page.locator('[data-testid="corpus-status"]').filter({ hasText: CORPUS_READY }).waitFor({ timeout: 60_000 });

describe('the workspace survives a reload (headless Chromium, IndexedDB)', () => {
  const session = appSession('workspace-reload');

  it('the last run, its step, the tab, the backbone and a batch of 20 questions come back after a reload', async () => {
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-library"]');
    await page.setInputFiles('[data-testid="import-files"]', persistDataset());
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 110_000 });
    await page.locator('[data-testid="library-row"][data-id="keep"] [data-testid="library-use"]').click();
    await page.click('[data-testid="tab-inspector"]');
    await ready(page);

    await page.selectOption('[data-testid="question-picker"]', 'demo-03');
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: /^bdtr on hipporag2 · .* · demo-03/ })
      .waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    const step = await page.locator('[data-testid="step-count"]').innerText();
    const answer = await page.locator('[data-testid="answer"]').innerText();

    // The tour would replace this run: it asks first, and "Keep my run" keeps it.
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: /^single on hipporag2 · .* · demo-03/ })
      .waitFor({ timeout: 60_000 });
    await page.click('[data-testid="tour-start"]');
    expect(await page.locator('[data-testid="tour-ask"]').innerText()).toMatch(/replaces the run on screen \(single/);
    await page.click('[data-testid="tour-ask-no"]');
    expect(await page.locator('[data-testid="tour"]').count()).toBe(0);
    expect(await page.locator('[data-testid="run-label"]').innerText()).toMatch(/^single on hipporag2/);

    // Back to the BDTR run at its step (a batch row would do too; here: run it again, the LLM cache answers).
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: /^bdtr on hipporag2 · .* · demo-03/ })
      .waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    expect(await page.locator('[data-testid="step-count"]').innerText()).toBe(step);

    await page.click('[data-testid="tab-batch"]');
    await page.fill('[data-testid="batch-limit"]', String(N));
    await page.click('[data-testid="batch-run"]');
    const status = page.locator('[data-testid="batch-status"]');
    await status.filter({ hasText: `${2 * N} / ${2 * N} runs · done` }).waitFor({ timeout: 120_000 });
    const before = await csvRows(page);
    expect(new Set(before.map((r) => r.split(',')[3])).size).toBe(N);
    // The saves are debounced: wait until IndexedDB holds the whole batch and the tab it is on.
    await expect
      .poll(async () => (await savedRecord(page, 'workspace.v1.batch'))?.runs?.length, { timeout: 30_000 })
      .toBe(2 * N);
    await expect
      .poll(async () => (await savedRecord(page, 'workspace.v1.choices'))?.view, { timeout: 30_000 })
      .toBe('batch');

    await page.reload();
    // The tab: still the batch, with its 40 rows and its status.
    await status.filter({ hasText: `${2 * N} / ${2 * N} runs · done` }).waitFor({ timeout: 30_000 });
    expect(await csvRows(page)).toEqual(before);
    await page.screenshot({ path: 'test-results/workspace-reload-batch-1280.png' });

    // The run, at its step, with the choices that made it.
    await page.click('[data-testid="tab-inspector"]');
    expect(await page.locator('[data-testid="run-label"]').innerText()).toMatch(/^bdtr on hipporag2 · .* · demo-03/);
    expect(await page.locator('[data-testid="step-count"]').innerText()).toBe(step);
    expect(await page.locator('[data-testid="backbone-picker"]').inputValue()).toBe('hipporag2');
    expect(await page.locator('[data-testid="strategy-picker"]').inputValue()).toBe('bdtr');
    expect(await page.locator('[data-testid="question-picker"]').inputValue()).toBe('demo-03');
    expect(await page.locator('[data-testid="answer"]').innerText()).toBe(answer);
    await page.keyboard.press('End');
    expect((await page.locator('[data-testid="answer"]').innerText()).trim()).not.toMatch(/^No|^Not/);
    await page.screenshot({ path: 'test-results/workspace-reload-inspector-1280.png' });

    // A batch row opens with the form set to its question and configuration.
    await page.click('[data-testid="tab-batch"]');
    const row = page.locator('[data-testid="batch-row"]').filter({ hasText: 'demo-07' }).first();
    const config = await row.locator('td:nth-child(2)').innerText();
    await row.click();
    await expect.poll(() => page.locator('[data-testid="run-label"]').innerText()).toContain('demo-07');
    expect(await page.locator('[data-testid="question-picker"]').inputValue()).toBe('demo-07');
    expect(await page.locator('[data-testid="backbone-picker"]').inputValue()).toBe(config);
    expect(await page.locator('[data-testid="strategy-picker"]').inputValue()).toBe('single');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
