// In-browser model downloads with a real progress bar (issue #17 item 13, issue #19's hub encoders), in
// headless Debian Chromium with the network cut off. The "Hugging Face hub" is a mirror this test serves
// from generated model folders (Playwright fulfils https://huggingface.co/<id>/resolve/main/<file> from
// .cache/models, Range requests included; nothing leaves the machine):
//  - the in-browser LLM (the generated tiny chat model, its fp32 graph served under the q4 file name the
//    app asks for) downloads after the consent box is ticked; the bar moves to 100 %, every file is
//    listed with its size, the model loads in the engine worker ("Ready") and is then "cached in this
//    browser";
//  - a download whose model file hangs is cancelled midway: nothing is loaded, the state says so;
//  - the same LLM from a local model URL: a plain HTTP server on 127.0.0.1 (consent box off);
//  - a hub sentence encoder (the tiny encoder with the real MiniLM tokenizer) downloads with the same
//    bar, and "Load and test" then loads it from the cache with no second request for the weights.
// The fixtures are not language models: this proves the download path, not model quality.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { appSession } from '../support/app-session.ts';
import { MODEL_ROOT, TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';
import { TINY_CHAT_LM, tinyChatLmRoot } from '../fixtures/onnx/tiny-chat-lm.ts';

const HUB = /^https:\/\/huggingface\.co\/test-org\/([\w-]+)\/resolve\/main\/(.+)$/;
/** Hub ids -> generated folders; the slow one hangs on its weights until the test releases it. */
const MIRROR: Record<string, string> = {
  'tiny-chat-lm': TINY_CHAT_LM,
  'slow-chat-lm': TINY_CHAT_LM,
  'tiny-minilm': TINY_MODEL,
};

interface Mirror {
  requests: string[];
  release(): void;
}

async function serveHubMirror(page: Page): Promise<Mirror> {
  const requests: string[] = [];
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.context().route('https://huggingface.co/**', async (route: Route) => {
    const m = HUB.exec(route.request().url());
    const folder = m ? MIRROR[m[1]!] : undefined;
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-length, content-range',
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (!m || !folder) return route.fulfill({ status: 404, headers: cors, body: 'not in the mirror' });
    // The app asks for the weights it loads (q4 for the LLM, quantized for a q8 encoder); the fixtures have one fp32 graph.
    const file = m[2]!.startsWith('onnx/model') ? 'onnx/model.onnx' : m[2]!;
    const path = join(MODEL_ROOT, folder, file);
    if (!(await stat(path).catch(() => null))?.isFile())
      return route.fulfill({ status: 404, headers: cors, body: 'not in the mirror' });
    const range = route.request().headers()['range'];
    requests.push(`${m[1]}/${m[2]}${range ? ` (${range})` : ''}`);
    const body = await readFile(path);
    if (range === 'bytes=0-0')
      return route.fulfill({
        status: 206,
        headers: { ...cors, 'content-range': `bytes 0-0/${body.length}`, 'content-length': '1' },
        body: body.subarray(0, 1),
      });
    if (m[1] === 'slow-chat-lm' && file === 'onnx/model.onnx') await held; // hangs until released (after the cancel)
    return route
      .fulfill({
        status: 200,
        headers: { ...cors, 'content-length': String(body.length), 'content-type': 'application/octet-stream' },
        body,
      })
      .catch(() => {});
  });
  return { requests, release: () => release() };
}

/** A model folder server on 127.0.0.1 (CORS + CORP, as a user's local model server must send). */
async function serveLocalModels(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const m = /^\/models\/([\w-]+)\/(.+)$/.exec(path);
    const headers = {
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'content-length',
      'cross-origin-resource-policy': 'cross-origin',
    };
    const file = m ? (m[2]!.startsWith('onnx/model') ? 'onnx/model.onnx' : m[2]!) : '';
    const full = m && m[1] === TINY_CHAT_LM ? join(MODEL_ROOT, TINY_CHAT_LM, file) : '';
    readFile(full).then(
      (body) => {
        requests.push(path);
        res
          .writeHead(200, {
            ...headers,
            'content-type': 'application/octet-stream',
            'content-length': String(body.length),
          })
          .end(body);
      },
      () => res.writeHead(404, headers).end('not here'),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/models/`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Records every percentage the bar shows, so the test can see it move. */
async function watchBar(page: Page, testId: string) {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as Record<string, string[]>)[`seen-${id}`] = seen;
    new MutationObserver(() => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      const v = el ? `${el.getAttribute('data-state')}:${el.getAttribute('data-percent')}` : '';
      if (v && seen[seen.length - 1] !== v) seen.push(v);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, testId);
  return () => page.evaluate((id) => (window as unknown as Record<string, string[]>)[`seen-${id}`]!, testId);
}

beforeAll(async () => {
  await tinyChatLmRoot();
  await tinyEncoderRoot();
});

describe('in-browser model downloads with a progress bar (hub mirror on this machine)', () => {
  const session = appSession('model-download');

  it(
    'downloads the in-browser LLM after consent: the bar reaches 100 %, the model is ready and then cached; a hanging download is cancelled',
    { timeout: 300_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      const mirror = await serveHubMirror(page);
      await page.click('[data-testid="tab-settings"]');
      await page.selectOption('[data-testid="llm-provider"]', 'in-browser');
      // Controlled by the saved settings (an async save): click, then wait for the saved value.
      await page.click('[data-testid="llm-allow-remote"]');
      await expect.poll(() => page.locator('[data-testid="llm-allow-remote"]').isChecked()).toBe(true);
      await page.fill('[data-testid="llm-browser-model"]', 'test-org/tiny-chat-lm');
      await expect
        .poll(() => page.locator('[data-testid="llm-browser-model"]').inputValue())
        .toBe('test-org/tiny-chat-lm');
      const box = page.locator('[data-testid="llm-download"]');
      await expect
        .poll(() => page.locator('[data-testid="llm-download-cached"]').innerText(), { timeout: 30_000 })
        .toBe('Not cached in this browser yet.');
      expect(await page.locator('[data-testid="browser-model-consent"]').innerText()).toMatch(/needs your consent/);
      const seen = await watchBar(page, 'llm-download');

      await page.click('[data-testid="llm-download-start"]');
      await expect.poll(() => box.getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
      expect(await box.getAttribute('data-percent')).toBe('100');
      expect(
        await page.locator('[data-testid="llm-download-bar"]').evaluate((el) => (el as HTMLProgressElement).value),
      ).toBe(100);
      const text = await page.locator('[data-testid="llm-download-text"]').innerText();
      const m = /^100% · ([\d.]+ (?:kB|MB)) of ([\d.]+ (?:kB|MB))$/.exec(text);
      expect(m, text).not.toBeNull();
      expect(m![1]).toBe(m![2]);
      const files = await page.locator('[data-testid="llm-download-files"] li').allInnerTexts();
      for (const f of [
        'config.json',
        'tokenizer.json',
        'tokenizer_config.json',
        'generation_config.json',
        'onnx/model_q4.onnx',
      ])
        expect(
          files.some((t) => t.startsWith(f) && t.endsWith('✓')),
          `${f} in ${files.join(' | ')}`,
        ).toBe(true);
      expect(await page.locator('[data-testid="llm-download-status"]').innerText()).toMatch(
        /^Ready: test-org\/tiny-chat-lm loaded on wasm in [\d.]+ s\.$/,
      );
      expect(await page.locator('[data-testid="llm-download-cached"]').innerText()).toMatch(
        /^Cached in this browser \(5 files, [\d.]+ kB\): loads without downloading\.$/,
      );
      // The bar moved: it showed the running state below 100 % before it showed ready at 100 %.
      const history = await seen();
      expect(
        history.some((h) => /^running:\d+$/.test(h) && Number(h.split(':')[1]) < 100),
        history.join(' '),
      ).toBe(true);
      expect(history.at(-1)).toBe('ready:100');
      expect(mirror.requests.some((r) => r === 'tiny-chat-lm/onnx/model_q4.onnx')).toBe(true);
      await page.locator('[data-testid="llm-settings"]').scrollIntoViewIfNeeded();
      await app.screenshot('model-download-llm');

      // Cancel: the weights of this one hang; Cancel aborts the fetch and nothing is loaded.
      await page.fill('[data-testid="llm-browser-model"]', 'test-org/slow-chat-lm');
      await expect
        .poll(() => page.locator('[data-testid="llm-browser-model"]').inputValue())
        .toBe('test-org/slow-chat-lm');
      await expect
        .poll(() => page.locator('[data-testid="llm-download-cached"]').innerText(), { timeout: 30_000 })
        .toBe('Not cached in this browser yet.');
      await page.click('[data-testid="llm-download-start"]');
      await expect
        .poll(() => mirror.requests.filter((r) => r === 'slow-chat-lm/onnx/model_q4.onnx').length, { timeout: 60_000 })
        .toBe(1);
      await app.screenshot('model-download-llm-running');
      await page.click('[data-testid="llm-download-cancel"]');
      await expect.poll(() => box.getAttribute('data-state'), { timeout: 30_000 }).toBe('cancelled');
      expect(Number(await box.getAttribute('data-percent'))).toBeLessThan(100);
      expect(await page.locator('[data-testid="llm-download-status"]').innerText()).toMatch(
        /^Cancelled: nothing half-downloaded is kept/,
      );
      // The small files finished before the cancel and stay cached; the weights do not: "partly cached".
      await expect
        .poll(() => page.locator('[data-testid="llm-download-cached"]').innerText(), { timeout: 30_000 })
        .toMatch(
          /^Partly cached in this browser \(4 files, [\d.]+ kB; not cached: onnx\/model_q4\.onnx\): the rest downloads on the next try\.$/,
        );
      await app.screenshot('model-download-llm-cancelled');
      mirror.release();
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );

  it(
    'loads the in-browser LLM from a local model URL on 127.0.0.1 (no consent needed): the bar reaches 100 %, ready, weights cached',
    { timeout: 300_000 },
    async () => {
      const local = await serveLocalModels();
      try {
        const app = await session.openReady();
        const { page } = app;
        await page.click('[data-testid="tab-settings"]');
        await page.selectOption('[data-testid="llm-provider"]', 'in-browser');
        await page.fill('[data-testid="llm-browser-path"]', local.url);
        await expect.poll(() => page.locator('[data-testid="llm-browser-path"]').inputValue()).toBe(local.url);
        await page.fill('[data-testid="llm-browser-model"]', TINY_CHAT_LM);
        await expect.poll(() => page.locator('[data-testid="llm-browser-model"]').inputValue()).toBe(TINY_CHAT_LM);
        expect(await page.locator('[data-testid="llm-allow-remote"]').isChecked()).toBe(false);
        await expect
          .poll(() => page.locator('[data-testid="llm-download-cached"]').innerText(), { timeout: 30_000 })
          .toBe('Not cached in this browser yet.');
        await page.click('[data-testid="llm-download-start"]');
        const box = page.locator('[data-testid="llm-download"]');
        await expect.poll(() => box.getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
        expect(await box.getAttribute('data-percent')).toBe('100');
        expect(await page.locator('[data-testid="llm-download-status"]').innerText()).toMatch(
          /^Ready: tiny-chat-lm loaded on wasm in [\d.]+ s\.$/,
        );
        // From a local model URL transformers.js caches the config and the weights but reads the tokenizer
        // files from the local server on every load; the line says exactly that.
        expect(await page.locator('[data-testid="llm-download-cached"]').innerText()).toMatch(
          /^Partly cached in this browser \(3 files, [\d.]+ kB; not cached: tokenizer\.json, tokenizer_config\.json\): the rest is read from the local model path on each load\.$/,
        );
        const keys = await page.evaluate(async () =>
          (await (await caches.open('transformers-cache')).keys()).map((r) => new URL(r.url).pathname),
        );
        expect(keys).toContain(`/models/${TINY_CHAT_LM}/onnx/model_q4.onnx`);
        expect(local.requests).toContain(`/models/${TINY_CHAT_LM}/onnx/model_q4.onnx`);
        await page.locator('[data-testid="llm-settings"]').scrollIntoViewIfNeeded();
        await app.screenshot('model-download-llm-local');
        app.assertNoNetwork();
        app.assertNoConsoleErrors();
      } finally {
        await local.close();
      }
    },
  );

  it(
    'downloads a hub sentence encoder with the same bar; "Load and test" then loads it from the cache',
    { timeout: 300_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      const mirror = await serveHubMirror(page);
      await page.click('[data-testid="tab-settings"]');
      await page.check('[data-testid="embed-allow-download"]');
      await page.fill('[data-testid="embed-hub-id"]', 'test-org/tiny-minilm');
      await page.click('[data-testid="embed-source-hub"]'); // controlled by the saved settings
      await expect.poll(() => page.locator('[data-testid="embed-source-hub"]').isChecked()).toBe(true);
      const box = page.locator('[data-testid="embed-download"]');
      await expect
        .poll(() => page.locator('[data-testid="embed-download-cached"]').innerText(), { timeout: 30_000 })
        .toBe('Not cached in this browser yet.');
      const seen = await watchBar(page, 'embed-download');
      await page.click('[data-testid="embed-download-start"]');
      await expect.poll(() => box.getAttribute('data-state'), { timeout: 120_000 }).toBe('ready');
      expect(await page.locator('[data-testid="embed-download-text"]').innerText()).toMatch(
        /^100% · [\d.]+ MB of [\d.]+ MB$/,
      );
      expect(await page.locator('[data-testid="embed-download-files"]').innerText()).toMatch(
        /onnx\/model_quantized\.onnx 6\.3 MB \/ 6\.3 MB ✓/,
      );
      expect(await page.locator('[data-testid="embed-download-cached"]').innerText()).toMatch(
        /^Cached in this browser \(\d files, [\d.]+ MB\)/,
      );
      const history = await seen();
      expect(
        history.some((h) => /^running:\d+$/.test(h) && Number(h.split(':')[1]) < 100),
        history.join(' '),
      ).toBe(true);
      await page.locator('[data-testid="embed-settings"]').scrollIntoViewIfNeeded();
      await app.screenshot('model-download-encoder');

      // The embedding worker loads the encoder from this browser's cache: the weights are not requested again.
      const weights = () => mirror.requests.filter((r) => r === 'tiny-minilm/onnx/model_quantized.onnx').length;
      expect(weights()).toBe(1);
      await page.click('[data-testid="embed-test"]');
      await expect
        .poll(() => page.locator('[data-testid="embed-test-result"]').innerText(), { timeout: 120_000 })
        .toMatch(/Loaded test-org\/tiny-minilm .* on wasm .* 384-d vectors/);
      expect(weights()).toBe(1);
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );
});
