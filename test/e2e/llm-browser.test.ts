// The LLM layer in real headless Chromium: the real `openai` client (dangerouslyAllowBrowser)
// calls the scripted OpenAI-compatible test server on another port (CORS), through the same
// createLlm composition the app uses; and the settings panel's "Test connection" lists the
// server's models and shows typed failures as sentences. A small page is built from the sources
// with Vite for this test, so it does not wait for the app to mount the panel.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../harness/app-server.ts';
import { launchBrowser, type AppPage, type TestBrowser } from '../../harness/browser.ts';
import { queue, startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'sk-browser-SECRET-41c9';

const ENTRY = `
import { createRoot } from 'react-dom/client';
import { useState } from 'react';
import { SettingsPanel } from '../../src/features/settings/SettingsPanel.tsx';
import { DEFAULT_LLM_SETTINGS } from '../../src/core/llm/settings.ts';
import { detectStructuredOutputs, testConnection } from '../../src/providers/llm/from-settings.ts';
import { OpenAiCompatibleProvider } from '../../src/providers/llm/openai-compatible.ts';
import { createLlm } from '../../src/core/llm/create-llm.ts';
import { MemoryLlmCacheStore } from '../../test/support/memory-cache-store.ts';
import { costsOf, foldTrace } from '../../src/core/trace/fold.ts';
import { llmEvent } from '../../src/core/trace/recorder.ts';

const describeError = (e) => ({ name: e?.name, message: e?.message, userMessage: e?.userMessage });
const store = new MemoryLlmCacheStore();

window.hopscope = {
  async batch(baseURL, apiKey, contents, stream) {
    const provider = new OpenAiCompatibleProvider({ baseURL, apiKey, model: 'test-model', jsonMode: true });
    const llm = createLlm({ provider, cache: { store }, concurrency: 2, retries: 0 });
    const tokens = [];
    const requests = contents.map((c, i) => ({ module: i % 2 ? 'answer' : 'bdtr.fast-thought', messages: [{ role: 'user', content: c }] }));
    const out = await Promise.all(requests.map((r) => llm.complete({ ...r, ...(stream ? { onToken: (t) => tokens.push(t) } : {}) })));
    const events = out.map((r, i) => llmEvent(requests[i], r, { t: 0, round: 0 }));
    return { texts: out.map((r) => r.text), cached: out.map((r) => r.cached), tokens, costs: costsOf(foldTrace(events)), label: llm.label, events: JSON.stringify(events) };
  },
  async fail(baseURL, apiKey, opts) {
    const provider = new OpenAiCompatibleProvider({ baseURL, apiKey, model: 'test-model', stream: !!opts.stream });
    const llm = createLlm({ provider, retries: 0, timeoutMs: 30_000 });
    const controller = new AbortController();
    if (opts.abortAfterMs !== undefined) setTimeout(() => controller.abort(), opts.abortAfterMs);
    try {
      await llm.complete({ module: 'answer', messages: [{ role: 'user', content: 'q' }] }, controller.signal);
      return { name: 'no error' };
    } catch (e) {
      return describeError(e);
    }
  },
};

function Harness() {
  const [settings, setSettings] = useState({ ...DEFAULT_LLM_SETTINGS, provider: 'openai', baseURL: '' });
  window.currentSettings = settings;
  return (
    <SettingsPanel
      value={settings}
      onChange={setSettings}
      testConnection={testConnection}
      detectStructured={detectStructuredOutputs}
    />
  );
}
createRoot(document.getElementById('root')).render(<Harness />);
`;

let server: OpenAiServer;
let app: AppServer;
let browser: TestBrowser;
let page: AppPage;
const dir = join(repo, '.cache', `e2e-llm-${process.pid}`);

beforeAll(async () => {
  server = await startOpenAiServer({ apiKey: KEY });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'entry.tsx'), ENTRY);
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><title>llm</title><div id="root"></div><script type="module" src="./entry.tsx"></script>',
  );
  await build({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), target: 'es2022' },
  });
  app = await startAppServer({ root: join(dir, 'dist') });
  browser = await launchBrowser();
  page = await browser.openApp(app.url, {
    // Chromium logs every failed fetch; these tests provoke a 401 (wrong key) and an unreachable port.
    expectedConsoleErrors: [
      /^Failed to load resource: the server responded with a status of 401 \(Unauthorized\)$/,
      /^Failed to load resource: net::ERR_UNSAFE_PORT$/,
    ],
  });
  await page.page.waitForFunction(() => 'hopscope' in window);
});

afterAll(async () => {
  await page?.screenshot('llm-browser');
  await page?.close();
  await browser?.close();
  await app?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  server.log.length = 0;
});

// One page serves every test: a test fails on the console errors logged while it ran.
afterEach(() => {
  if (page.unreportedConsoleErrors.length > 0) page.assertNoConsoleErrors();
});

type BatchResult = {
  texts: string[];
  cached: boolean[];
  tokens: string[];
  costs: Record<string, { calls: number; cached: number; prompt: number; completion: number; total: number }>;
  label: string;
  events: string;
};
const batch = (apiKey: string, contents: string[], stream = false) =>
  page.page.evaluate(
    ([b, k, c, s]) =>
      (window as unknown as { hopscope: { batch(...a: unknown[]): Promise<unknown> } }).hopscope.batch(b, k, c, s),
    [server.baseURL, apiKey, contents, stream] as const,
  ) as Promise<BatchResult>;
type Failure = { name: string; message?: string; userMessage?: string };
const fail = (opts: { stream?: boolean; abortAfterMs?: number }, apiKey = KEY) =>
  page.page.evaluate(
    ([b, k, o]) =>
      (window as unknown as { hopscope: { fail(...a: unknown[]): Promise<unknown> } }).hopscope.fail(b, k, o),
    [server.baseURL, apiKey, opts] as const,
  ) as Promise<Failure>;

describe('LLM calls from the page (real openai client, cross-origin)', () => {
  it('runs a batch, then reruns it from the cache with zero requests; usage per module matches the server', async () => {
    const script = (b: ChatBody) => ({
      content: `reply ${b.messages[0]?.content}`,
      usage: { prompt_tokens: 7, completion_tokens: 2 },
    });
    server.setScript(script);
    const first = await batch(KEY, ['a', 'b', 'c']);
    expect(first.texts).toEqual(['reply a', 'reply b', 'reply c']);
    expect(server.chats()).toHaveLength(3);
    expect(server.chats()[0]?.headers.origin).toBe(app.url.replace(/\/$/, '')); // a real cross-origin call from the page
    expect(server.chats()[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first.costs).toEqual({
      answer: { calls: 1, cached: 0, prompt: 7, completion: 2, total: 9 },
      'bdtr.fast-thought': { calls: 2, cached: 0, prompt: 14, completion: 4, total: 18 },
    });
    const second = await batch(KEY, ['a', 'b', 'c']);
    expect(server.chats()).toHaveLength(3);
    expect(second.texts).toEqual(first.texts);
    expect(second.cached).toEqual([true, true, true]);
    expect(first.events + first.label + JSON.stringify(first.costs)).not.toContain(KEY);
  });

  it('streams tokens over SSE in the page', async () => {
    server.setScript(queue({ content: 'streamed in pieces' }));
    const r = await batch(KEY, ['s1'], true);
    expect(r.tokens).toEqual(['streamed ', 'in ', 'pieces']);
    expect(server.chats()[0]?.body?.stream).toBe(true);
  });

  it('a wrong key, a truncated stream and an abort arrive as typed errors', async () => {
    server.setScript(queue({ content: 'ok' }));
    expect(await fail({}, 'sk-wrong')).toMatchObject({
      name: 'LlmAuthError',
      userMessage: `The server at ${server.baseURL} rejected the API key (401). Check the key in Settings.`,
    });
    server.setScript(queue({ fault: { kind: 'truncated-stream', pieces: ['par'] } }));
    expect((await fail({ stream: true })).name).toBe('LlmTruncatedStreamError');
    server.setScript(queue({ fault: { kind: 'hang' } }));
    expect(await fail({ abortAfterMs: 100 })).toMatchObject({ name: 'LlmAbortedError' });
  });
});

describe('settings panel in the page', () => {
  it('"Test connection" lists the server models; picking one fills the model', async () => {
    const p = page.page;
    await p.getByTestId('llm-base-url').fill(server.baseURL);
    await p.getByTestId('llm-api-key').fill(KEY);
    await p.getByTestId('llm-test-connection').click();
    await p.getByTestId('llm-models').waitFor();
    expect(await p.getByTestId('llm-models').locator('button').allTextContents()).toEqual([
      'test-model',
      'test-model-large',
    ]);
    await p.getByRole('button', { name: 'test-model-large' }).click();
    expect(await p.getByTestId('llm-model').inputValue()).toBe('test-model-large');
    expect(server.log.filter((r) => r.path === '/v1/models')).toHaveLength(1);
    await expect(p.getByTestId('llm-problems').count()).resolves.toBe(0);
  });

  it('"Test connection" with a model chosen shows which structured outputs the server supports', async () => {
    const p = page.page;
    await p.getByTestId('llm-test-connection').click();
    await p.getByTestId('llm-structured').waitFor();
    await expect(p.getByTestId('llm-structured').textContent()).resolves.toContain('Structured outputs: JSON Schema');
    expect(server.log.filter((r) => r.body?.response_format?.type === 'json_schema').length).toBeGreaterThan(0);
  });

  it('a wrong key and an unreachable server are shown as sentences', async () => {
    const p = page.page;
    await p.getByTestId('llm-api-key').fill('sk-wrong');
    await p.getByTestId('llm-test-connection').click();
    await expect(p.getByTestId('llm-test-error').textContent()).resolves.toBe(
      `The server at ${server.baseURL} rejected the API key (401). Check the key in Settings.`,
    );
    await p.getByTestId('llm-base-url').fill('http://127.0.0.1:9/v1');
    await p.getByTestId('llm-test-connection').click();
    await p.getByText('Cannot reach the server at http://127.0.0.1:9/v1').waitFor();
    // the key typed into the panel is nowhere in the page text
    expect(await p.locator('body').innerText()).not.toContain('sk-wrong');
    page.assertNoNetwork();
  });
});
