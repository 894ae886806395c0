// The measured WebGPU/WASM choice of the embedding backend (issue #19), in headless Debian Chromium with
// the network cut off, with the generated tiny encoder (real MiniLM tokenizer) picked as a local folder:
//  - with a software WebGPU adapter (SwiftShader, harness/browser.ts WEBGPU_SWIFTSHADER_ARGS) the
//    embedding worker loads the encoder on WebGPU and on WASM, times a warm batch of 32 and a single query
//    on each, and Settings shows both timings, the pick per use, and how far the two backends' vectors
//    differ (asserted within VECTOR_TOLERANCE);
//  - without an adapter (the default harness, --disable-gpu) Settings says "WebGPU not available: WASM".
// SwiftShader is a CPU emulation of a GPU: its timings say nothing about a real GPU, only that the path runs.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';
import { MODEL_ROOT, REAL_MODEL_DIR, TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';
import { prepareMinilmShapeFolder } from '../../scripts/make-minilm-shape-encoder.ts';
import { VECTOR_TOLERANCE } from '../../src/core/embed/backend-choice.ts';

let modelDir = '';
let minilmDir = '';
beforeAll(async () => {
  modelDir = join(await tinyEncoderRoot(), TINY_MODEL);
  minilmDir = await prepareMinilmShapeFolder(MODEL_ROOT, REAL_MODEL_DIR);
});

async function loadAndTest(page: Page, folder = modelDir, name = TINY_MODEL): Promise<string> {
  await page.click('[data-testid="tab-settings"]');
  await page.setInputFiles('[data-testid="embed-folder"]', folder);
  await expect
    .poll(() => page.locator('[data-testid="embed-current"]').innerText(), { timeout: 180_000 })
    .toMatch(new RegExp(`Folder ${name} \\(fp32`));
  await page.click('[data-testid="embed-test"]');
  await page.locator('[data-testid="embed-backend-choice"]').waitFor({ timeout: 720_000 });
  return page.locator('[data-testid="embed-backend-choice"]').innerText();
}

const CHOICE =
  /^WebGPU: batch of 32 in ([\d.]+) ms, one query in ([\d.]+) ms; WASM: batch of 32 in ([\d.]+) ms, one query in ([\d.]+) ms -> (batches on (WebGPU|WASM), queries on (WebGPU|WASM)|both on (WebGPU|WASM)); vectors agree within ([\d.e+-]+)/;

describe('embedding backend with a WebGPU adapter (SwiftShader)', () => {
  const session = appSession('embed-backend-webgpu', undefined, { webgpu: true });

  it(
    'the page has an adapter; the encoder runs on WebGPU and WASM, both are timed, the faster per use is picked and the vectors agree',
    { timeout: 900_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      expect(
        await page.evaluate(
          async () =>
            !!(await (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter()),
        ),
      ).toBe(true);
      const choice = await loadAndTest(page);
      const m = CHOICE.exec(choice);
      expect(m, choice).not.toBeNull();
      const [gpuBatch, gpuQuery, cpuBatch, cpuQuery] = [m![1], m![2], m![3], m![4]].map(Number) as [
        number,
        number,
        number,
        number,
      ];
      const batchOn = m![6] ?? m![8];
      const queryOn = m![7] ?? m![8];
      // The pick follows the displayed measurements (ties go to WASM).
      expect(batchOn).toBe(gpuBatch < cpuBatch ? 'WebGPU' : 'WASM');
      expect(queryOn).toBe(gpuQuery < cpuQuery ? 'WebGPU' : 'WASM');
      expect(Number(m![9])).toBeLessThanOrEqual(VECTOR_TOLERANCE);
      expect(await page.locator('[data-testid="embed-test-result"]').innerText()).toMatch(
        /Loaded tiny-minilm .* 384-d vectors, one query in \d+ ms/,
      );
      await page.locator('[data-testid="embed-settings"]').scrollIntoViewIfNeeded();
      await app.screenshot('embed-backend-webgpu');
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );

  // The tiny encoder is Gather/Add/Mul (exact in float32 on any backend); the MiniLM-shaped one has
  // MiniLM's matmuls, attention, LayerNorm and GELU, where WebGPU and WASM round differently.
  it(
    'the MiniLM-shaped encoder (random weights, real architecture) on WebGPU matches WASM within tolerance',
    { timeout: 1_800_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      const choice = await loadAndTest(page, minilmDir, 'minilm-shape');
      const m = CHOICE.exec(choice);
      expect(m, choice).not.toBeNull();
      const diff = Number(m![9]);
      expect(diff).toBeLessThanOrEqual(VECTOR_TOLERANCE);
      console.info(`minilm-shape on SwiftShader WebGPU vs WASM: ${choice}`);
      await page.locator('[data-testid="embed-settings"]').scrollIntoViewIfNeeded();
      await app.screenshot('embed-backend-webgpu-minilm');
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );
});

describe('embedding backend without WebGPU', () => {
  const session = appSession('embed-backend-wasm');

  it('says WebGPU is not available and runs on WASM', { timeout: 900_000 }, async () => {
    const app = await session.openReady();
    const { page } = app;
    expect(
      await page.evaluate(
        async () =>
          !!(await (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu?.requestAdapter()),
      ),
    ).toBe(false);
    expect(await loadAndTest(page)).toBe('WebGPU not available: WASM');
    expect(await page.locator('[data-testid="embed-backend"]').innerText()).toBe('wasm');
    await app.screenshot('embed-backend-wasm');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
