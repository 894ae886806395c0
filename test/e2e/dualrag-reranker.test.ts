// DualRAG's reranker chosen in Settings, in the built app (headless Debian Chromium, no network, offline
// thinker): a folder that is not a cross-encoder is refused naming the missing ONNX file; the generated
// tiny cross-encoder folder (REAL MiniLM tokenizer, ONNX logit = passage word pieces - 8: a heuristic
// stand-in, NOT a reranker) is stored and "Load and test" scores two pairs in the engine worker; DualRAG
// on demo-01 then reranks with it, and the inspector names the cross-encoder and shows its logits;
// switching back to the lexical reranker names the heuristic. Screenshots: rerank-settings-wrong-folder,
// rerank-settings, dualrag-cross-encoder.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';
import { prepareTinyCrossEncoderFolder } from '../../scripts/make-tiny-cross-encoder.ts';
import { MODEL_ROOT, REAL_MODEL_DIR } from '../../harness/tiny-encoder.ts';

const CROSS = 'cross-encoder tiny-cross-encoder (transformers.js)';

async function runDualrag(page: Page) {
  await page.click('[data-testid="tab-inspector"]');
  await page.selectOption('select[data-testid="question-picker"]', 'demo-01');
  await page.selectOption('[data-testid="strategy-picker"]', 'dualrag');
  await page.click('[data-testid="run-button"]');
  await page.locator('[data-testid="answer"]').waitFor({ timeout: 120_000 });
  await page.locator('[data-testid="dualrag-reranker"]').waitFor({ timeout: 30_000 });
  expect(await page.locator('[data-testid="run-status"]').count()).toBe(0); // done, not failed
}

describe('DualRAG reranker in Settings (cross-encoder in the engine worker)', () => {
  const session = appSession('dualrag-reranker');
  let modelDir = '';
  let work = '';

  beforeAll(async () => {
    modelDir = await prepareTinyCrossEncoderFolder(MODEL_ROOT, REAL_MODEL_DIR);
    work = await mkdtemp(join(tmpdir(), 'hopscope-e2e-rerank-'));
    // the tokenizer and config without the ONNX file: not a cross-encoder
    await cp(modelDir, join(work, 'not-a-reranker'), { recursive: true, filter: (p) => !p.endsWith('.onnx') });
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it(
    'refuses a wrong folder, reranks DualRAG with the stored cross-encoder and shows which reranker ran with its scores',
    { timeout: 300_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      await page.click('[data-testid="tab-settings"]');
      const current = page.locator('[data-testid="rerank-current"]');
      await expect.poll(() => current.innerText()).toMatch(/lexical reranker \(heuristic\)/);
      expect(await page.locator('[data-testid="rerank-known"]').innerText()).toMatch(/bge-reranker-base[\s\S]*MB/);

      // A wrong folder: the message names what is missing; the setting stays lexical.
      await page.setInputFiles('[data-testid="rerank-folder"]', join(work, 'not-a-reranker'));
      await expect
        .poll(() => page.locator('[data-testid="rerank-error"]').innerText(), { timeout: 30_000 })
        .toMatch(
          /the folder "not-a-reranker" is not a transformers\.js cross-encoder: missing onnx\/model\.onnx \(or onnx\/model_quantized\.onnx\)/,
        );
      expect(await current.innerText()).toMatch(/lexical reranker \(heuristic\)/);
      await page.locator('[data-testid="rerank-settings"]').scrollIntoViewIfNeeded();
      await app.screenshot('rerank-settings-wrong-folder');

      // The tiny cross-encoder folder: stored in this browser, loaded and tested in the engine worker.
      await page.setInputFiles('[data-testid="rerank-folder"]', modelDir);
      await expect
        .poll(() => current.innerText(), { timeout: 30_000 })
        .toMatch(
          /cross-encoder folder tiny-cross-encoder \(fp32, [\d.]+ MB; sha-256 [0-9a-f]{12}\) stored in this browser/,
        );
      await page.click('[data-testid="rerank-test"]');
      await expect
        .poll(() => page.locator('[data-testid="rerank-test-result"]').innerText(), { timeout: 60_000 })
        .toMatch(
          new RegExp(
            `Loaded ${CROSS.replace(/[()]/g, '\\$&')} in [\\d.]+ s\\. Scores \\(logits\\): “Paris” vs Paris -?\\d+\\.00, “Paris” vs Photosynthesis -?\\d+\\.00`,
          ),
        );
      await page.locator('[data-testid="rerank-settings"]').scrollIntoViewIfNeeded();
      await app.screenshot('rerank-settings');

      // DualRAG on a demo question reranks with it: the inspector names the model and shows its logits.
      await runDualrag(page);
      expect(await page.locator('[data-testid="dualrag-reranker"]').innerText()).toContain(CROSS);
      const scores = await page.locator('[data-testid="rerank-scores"]').allInnerTexts();
      expect(scores.length).toBeGreaterThan(0);
      // the tiny model's logits are whole word-piece counts minus 8; the kept ones are > 0
      const logits = scores.flatMap((s) => [...s.matchAll(/ (-?\d+\.\d\d)(?=,|\))/g)].map((m) => Number(m[1])));
      expect(logits.length).toBeGreaterThan(0);
      expect(logits.every((l) => l > 0 && Number.isInteger(l))).toBe(true);
      await page.locator('[data-testid="dualrag-view"]').scrollIntoViewIfNeeded();
      await app.screenshot('dualrag-cross-encoder');

      // Back to the lexical reranker: the next run names the heuristic.
      await page.click('[data-testid="tab-settings"]');
      await page.click('[data-testid="rerank-source-lexical"]');
      await expect.poll(() => current.innerText()).toMatch(/lexical reranker \(heuristic\)/);
      await runDualrag(page);
      expect(await page.locator('[data-testid="dualrag-reranker"]').innerText()).toMatch(/lexical .*heuristic/);
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );
});
