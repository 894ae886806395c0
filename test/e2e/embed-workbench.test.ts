// Local embeddings in the workbench, end to end in headless Debian Chromium with the network cut off:
// Settings gets a local encoder folder (the generated tiny encoder with the REAL MiniLM tokenizer and
// config from ../shared/models) through its folder picker; a 2Wiki slice is imported and its embeddings
// stage runs in the embedding worker with progress, then is cancelled midway and resumed from the
// Library (measured estimate first); after a reload the stored vectors are reused; dense, hybrid and
// HippoRAG 2 (dense base) answer a dataset question; malformed precomputed vectors are refused naming
// the problem. The tiny encoder is a hashed bag of word pieces, NOT a language model: this proves the
// path, not retrieval quality.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';
import { npyBytes } from '../support/npy.ts';
import { REPO_ROOT, TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';

const dir = new URL('../../../shared/data/2wikimultihopqa/', import.meta.url);
const PASSAGES = 1500;
const passages = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa_corpus.json', dir), 'utf8')) as { title: string; text: string }[]
).slice(0, PASSAGES);
const titles = new Set(passages.map((p) => p.title));
const questions = (
  JSON.parse(readFileSync(new URL('2wikimultihopqa.json', dir), 'utf8')) as { supporting_titles: string[] }[]
).filter((q) => q.supporting_titles.every((t) => titles.has(t)));
const work = join(REPO_ROOT, '.cache', `e2e-embed-workbench-${process.pid}`);
const files = [join(work, 'wikislice_corpus.json'), join(work, 'wikislice.json')];

const stage = (page: Page) => page.locator('[data-testid="import-stage"][data-stage="embeddings"]');
const cell = (page: Page) =>
  page.locator('[data-testid="library-row"][data-id="wikislice"] [data-testid="embed-status"]');

describe('local embeddings in the workbench (headless Chromium, WASM, no network)', () => {
  const session = appSession('embed-workbench');
  let modelDir = '';

  beforeAll(async () => {
    modelDir = join(await tinyEncoderRoot(), TINY_MODEL);
    await mkdir(work, { recursive: true });
    await writeFile(files[0]!, JSON.stringify(passages));
    await writeFile(files[1]!, JSON.stringify(questions));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it(
    'embeds a corpus from a local model folder, cancels and resumes, reuses vectors after a reload, and runs dense, hybrid and HippoRAG 2 (dense)',
    { timeout: 900_000 },
    async () => {
      expect(questions.length).toBeGreaterThan(0);
      const app = await session.openReady();
      const { page } = app;

      // Settings: the folder picker stores the folder in this browser; "Load and test" loads it in the embedding worker.
      await page.click('[data-testid="tab-settings"]');
      expect(await page.locator('[data-testid="settings"]').innerText()).not.toMatch(/not configurable yet/);
      await page.setInputFiles('[data-testid="embed-folder"]', modelDir);
      await expect
        .poll(() => page.locator('[data-testid="embed-current"]').innerText(), { timeout: 30_000 })
        .toMatch(new RegExp(`Folder ${TINY_MODEL} \\(fp32, .* MB, 384-d; sha-256`));
      await page.fill('[data-testid="embed-batch"]', '16');
      await page.click('[data-testid="embed-test"]');
      await expect
        .poll(() => page.locator('[data-testid="embed-test-result"]').innerText(), { timeout: 60_000 })
        .toMatch(/Loaded tiny-minilm .* on (wasm|webgpu).* 384-d vectors, one query in \d+ ms/);
      await app.screenshot('embed-settings');

      // Import: the embeddings stage runs after the save, with measured speed and ETA; cancel it midway.
      await page.click('[data-testid="tab-library"]');
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { embedStage: string[] }).embedStage = seen;
        new MutationObserver(() => {
          const row = document.querySelector('[data-testid="import-stage"][data-stage="embeddings"]');
          const text = row ? `${row.getAttribute('data-state')}|${row.textContent ?? ''}` : '';
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await page.setInputFiles('[data-testid="import-files"]', files);
      await stage(page)
        .filter({ hasText: /passages\/s, about .* left/ })
        .waitFor({ timeout: 120_000 });
      await app.screenshot('embed-import-progress');
      await page.click('[data-testid="import-cancel"]');
      await page.locator('[data-testid="import-done"]').waitFor({ timeout: 60_000 });
      expect(await stage(page).getAttribute('data-state')).toBe('skipped');
      expect(await stage(page).innerText()).toMatch(
        /cancelled at \d+ \/ 1500 passages; the stored vectors are kept: resume from the Library/,
      );
      const seen = await page.evaluate(() => (window as unknown as { embedStage: string[] }).embedStage);
      expect(seen.some((s) => /^running\|.*\d+ \/ 1,500 passages, [\d.]+ passages\/s/.test(s))).toBe(true);

      // Library: partial vectors; resume (a measured estimate is shown first for > 500 passages left).
      await expect.poll(() => cell(page).getAttribute('data-state'), { timeout: 30_000 }).toBe('partial');
      const doneAtCancel = Number(await cell(page).getAttribute('data-done'));
      expect(doneAtCancel).toBeGreaterThan(0);
      expect(doneAtCancel).toBeLessThan(PASSAGES);
      expect(doneAtCancel % 64).toBe(0); // whole stored chunks
      await cell(page).locator('[data-testid="embed-start"]').click();
      if (PASSAGES - doneAtCancel > 500) {
        await expect
          .poll(() => cell(page).locator('[data-testid="embed-estimate"]').innerText(), { timeout: 60_000 })
          .toMatch(/passages at [\d.]+ passages\/s on (wasm|webgpu).*: about/);
        await app.screenshot('embed-estimate');
        await cell(page).locator('[data-testid="embed-confirm"]').click();
      }
      await expect
        .poll(() => cell(page).locator('[data-testid="embed-progress-text"]').innerText(), { timeout: 60_000 })
        .toMatch(new RegExp(`\\(resumed at ${doneAtCancel.toLocaleString('en')}\\)`));
      await app.screenshot('embed-resume');
      await expect.poll(() => cell(page).getAttribute('data-state'), { timeout: 180_000 }).toBe('ready');
      expect(await cell(page).innerText()).toMatch(/✓ tiny-minilm \(local folder, fp32, mean pooling\), 384-d/);

      // Reload: the vectors are read from IndexedDB (ready at once, nothing to resume).
      await page.reload();
      await page.click('[data-testid="tab-library"]');
      await expect.poll(() => cell(page).getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
      expect(await cell(page).locator('[data-testid="embed-start"]').count()).toBe(0);

      // Malformed precomputed vectors are refused, naming the file and the problem.
      await cell(page)
        .locator('[data-testid="vectors-import"]')
        .setInputFiles([
          {
            name: 'wiki.npy',
            mimeType: 'application/octet-stream',
            buffer: Buffer.from(
              npyBytes(
                [
                  [1, 2],
                  [3, 4],
                ],
                { descr: '<f8' },
              ),
            ),
          },
          { name: 'ids.txt', mimeType: 'text/plain', buffer: Buffer.from('a\nb\n') },
        ]);
      await expect
        .poll(() => cell(page).locator('[data-testid="embed-error"]').innerText(), { timeout: 30_000 })
        .toMatch(/wiki\.npy: dtype is "<f8", expected float32/);
      await cell(page)
        .locator('[data-testid="vectors-import"]')
        .setInputFiles([
          {
            name: 'wiki.npy',
            mimeType: 'application/octet-stream',
            buffer: Buffer.from(
              npyBytes([
                [1, 2],
                [3, 4],
              ]),
            ),
          },
          { name: 'ids.txt', mimeType: 'text/plain', buffer: Buffer.from('a\nb\n') },
        ]);
      await expect
        .poll(() => cell(page).locator('[data-testid="embed-error"]').innerText(), { timeout: 30_000 })
        .toMatch(/the vectors have 2 dimensions, the embedding model in Settings makes 384-d vectors/);
      await app.screenshot('embed-library');
      expect(await cell(page).getAttribute('data-state')).toBe('ready'); // the good vectors are untouched

      // Dense, hybrid and HippoRAG 2 with a dense base on a dataset question.
      await page.locator('[data-testid="library-row"][data-id="wikislice"] [data-testid="library-use"]').click();
      await page
        .locator('[data-testid="corpus-status"]')
        .filter({ hasText: /wikislice: ready/ })
        .waitFor({ timeout: 60_000 });
      const picker = page.locator('select[data-testid="question-picker"]');
      const firstQuestion = await picker.locator('option').nth(1).getAttribute('value');
      await picker.selectOption(firstQuestion!);
      const run = async (backbone: string) => {
        await page.selectOption('[data-testid="backbone-picker"]', backbone);
        await page.selectOption('[data-testid="strategy-picker"]', 'single');
        await page.click('[data-testid="run-button"]');
        // The run label names the trace's backbone: this run's trace, not the previous one's.
        await page
          .locator('[data-testid="run-label"]')
          .filter({ hasText: new RegExp(`^single on ${backbone} `) })
          .waitFor({ timeout: 300_000 });
        await page.locator('[data-testid="run-button"]').waitFor({ state: 'visible', timeout: 300_000 });
        await expect
          .poll(() => page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').count(), {
            timeout: 30_000,
          })
          .toBeGreaterThan(0);
        expect(await page.locator('[data-testid="run-status"]').count()).toBe(0); // done, not failed or aborted
        expect(await page.locator('[role="alert"]').allInnerTexts()).toEqual([]);
        await app.screenshot(`embed-run-${backbone}`);
      };
      await run('dense');
      await run('hybrid');

      // HippoRAG 2 with a dense base embeds every phrase of the graph and compares them pairwise
      // (synonym edges): on the demo corpus (61 passages), embedded from the Library in one go.
      await page.click('[data-testid="tab-library"]');
      const demo = page.locator('[data-testid="library-row"][data-id="demo"] [data-testid="embed-status"]');
      await demo.locator('[data-testid="embed-start"]').click();
      await expect.poll(() => demo.getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
      await page.locator('[data-testid="library-row"][data-id="demo"] [data-testid="library-use"]').click();
      await page.locator('[data-testid="corpus-status"]').filter({ hasText: /ready/ }).waitFor({ timeout: 60_000 });
      await page.locator('select[data-testid="question-picker"]').selectOption('demo-01');
      await run('hipporag2-dense');
      await run('dense');

      // Compare and Batch offer the same backbones.
      await page.click('[data-testid="tab-compare"]');
      const laneBackbones = await page
        .locator('[data-testid="compare-backbone"]')
        .first()
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(laneBackbones).toEqual([
        'bm25',
        'dense',
        'hybrid',
        'hipporag2',
        'hipporag2-dense',
        'raptor',
        'graphrag',
        'naivege',
        'syncge',
      ]);
      await page.click('[data-testid="tab-batch"]');
      for (const key of ['dense', 'hybrid', 'hipporag2-dense', 'bdtr/hybrid', 'ircot/hipporag2-dense'])
        await page.locator(`[data-testid="batch-config-${key}"]`).waitFor({ timeout: 10_000 });
      await app.screenshot('embed-batch');
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );
});
