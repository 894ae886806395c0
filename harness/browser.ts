// Headless Debian Chromium (/usr/bin/chromium, `apt-get install -y chromium`) driven by playwright-core:
// no browser download, ever. Each opened app gets a fresh context that
//  - records console errors, uncaught page errors and React warnings (assertNoConsoleErrors),
//  - aborts and records every request that is not to 127.0.0.1 / localhost (assertNoNetwork),
//  - saves screenshots to test-results/<name>.png.
// TestBrowser.close() is the safety net: it fails (after closing the browser) on every console error of
// any app it opened that no assertNoConsoleErrors call has reported yet, e.g. one logged after the
// test's own check or in a test that forgot it. Errors a test provokes on purpose (a 401 from a test
// server shows as "Failed to load resource") are declared with openApp's expectedConsoleErrors.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
// React (development builds) reports misuse through console.warn/console.error; production builds keep
// a few "React"-prefixed messages. Plain warnings from other code are not failures.
const REACT_WARNING = /\bReact\b|^Warning: /;

export class BrowserHarnessError extends Error {
  override readonly name = 'BrowserHarnessError';
}

export interface OpenAppOptions {
  /** Console errors the test provokes on purpose; a message matching one of these is not a failure. */
  expectedConsoleErrors?: readonly RegExp[];
}

export interface AppPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors, page errors and React warnings seen so far, formatted with their source. */
  readonly consoleErrors: readonly string[];
  /** URLs of requests that left the machine and were aborted. */
  readonly blockedRequests: readonly string[];
  /** Throws listing every recorded console error, page error and React warning (they count as reported). */
  assertNoConsoleErrors(): void;
  /** Recorded errors that no assertNoConsoleErrors call has reported yet. */
  readonly unreportedConsoleErrors: readonly string[];
  /** Throws listing every request to a host other than 127.0.0.1/localhost. */
  assertNoNetwork(): void;
  /** Saves a full-page screenshot to test-results/<name>.png and returns the path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestBrowser {
  readonly browser: Browser;
  /** Opens `url` in a fresh context (own storage, own recorders). */
  openApp(url: string, options?: OpenAppOptions): Promise<AppPage>;
  /** Closes the browser, then throws if any app it opened has console errors never reported. */
  close(): Promise<void>;
}

function describeMessage(msg: ConsoleMessage): string {
  const { url, lineNumber } = msg.location();
  const where = url ? ` (${url}:${lineNumber})` : '';
  const from = msg.worker() ? ' [worker]' : '';
  return `console.${msg.type()}${from}: ${msg.text()}${where}`;
}

function isLocal(rawUrl: string): boolean {
  const u = new URL(rawUrl);
  // data:, blob: and about: never touch the network.
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol)) return true;
  return LOCAL_HOSTS.has(u.hostname);
}

async function openApp(browser: Browser, url: string, options: OpenAppOptions = {}): Promise<AppPage> {
  const context = await browser.newContext();
  const consoleErrors: string[] = [];
  const blockedRequests: string[] = [];
  const expected = options.expectedConsoleErrors ?? [];
  let reported = 0;

  // On the context, so requests from workers of the page are covered too.
  await context.route('**/*', async (route) => {
    const requestUrl = route.request().url();
    if (isLocal(requestUrl)) return route.continue();
    blockedRequests.push(requestUrl);
    return route.abort('blockedbyclient');
  });

  const page = await context.newPage();
  page.on('console', (msg) => {
    if (expected.some((re) => re.test(msg.text()))) return;
    if (msg.type() === 'error' || (msg.type() === 'warning' && REACT_WARNING.test(msg.text())))
      consoleErrors.push(describeMessage(msg));
  });
  page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.stack ?? err.message}`));
  page.on('crash', () => consoleErrors.push('page crashed'));

  await page.goto(url);

  return {
    page,
    context,
    consoleErrors,
    blockedRequests,
    get unreportedConsoleErrors() {
      return consoleErrors.slice(reported);
    },
    assertNoConsoleErrors() {
      reported = consoleErrors.length;
      if (consoleErrors.length > 0) {
        throw new BrowserHarnessError(
          `browser: ${consoleErrors.length} console error(s) on ${url}:\n  ${consoleErrors.join('\n  ')}`,
        );
      }
    },
    assertNoNetwork() {
      if (blockedRequests.length > 0) {
        throw new BrowserHarnessError(
          `browser: the page tried to reach the network (${blockedRequests.length} request(s) blocked):\n  ${blockedRequests.join('\n  ')}`,
        );
      }
    },
    async screenshot(name: string) {
      if (!/^[\w.-]+$/.test(name))
        throw new BrowserHarnessError(`browser: screenshot name "${name}" must be letters, digits, '.', '_' or '-'`);
      await mkdir(RESULTS_DIR, { recursive: true });
      const path = `${RESULTS_DIR}${name}.png`;
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    close: () => context.close(),
  };
}

/**
 * Writes `lines` into the page as preformatted text, so the screenshot of a test page without a UI of its
 * own (a harness page calling window functions) shows what the test called and got back.
 */
export async function showLog(page: Page, lines: readonly string[]): Promise<void> {
  await page.evaluate((text) => {
    const pre = document.createElement('pre');
    pre.setAttribute('data-testid', 'test-log');
    pre.style.cssText = 'font: 12px monospace; white-space: pre-wrap; margin: 8px';
    pre.textContent = text;
    document.body.append(pre);
  }, lines.join('\n'));
}

/**
 * WebGPU on SwiftShader (Chromium's software Vulkan): with these flags headless Chromium hands out a
 * WebGPU adapter on a machine without a GPU (checked with navigator.gpu.requestAdapter()). Without them
 * (the default, --disable-gpu) there is no adapter, which is how the app's WASM path is tested.
 */
export const WEBGPU_SWIFTSHADER_ARGS = ['--enable-unsafe-webgpu', '--use-webgpu-adapter=swiftshader'];

export interface LaunchOptions {
  /** Give the page a software WebGPU adapter (WEBGPU_SWIFTSHADER_ARGS). */
  webgpu?: boolean;
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new BrowserHarnessError(
      `browser: ${CHROMIUM_PATH} not found; install Debian's Chromium (apt-get install -y chromium). Tests never download a browser.`,
    );
  }
  const args = options.webgpu ? [...CHROMIUM_ARGS, ...WEBGPU_SWIFTSHADER_ARGS] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args });
  const apps: { url: string; app: AppPage }[] = [];
  return {
    browser,
    async openApp(url, options) {
      const app = await openApp(browser, url, options);
      apps.push({ url, app });
      return app;
    },
    async close() {
      await browser.close();
      const unreported = apps.flatMap(({ url, app }) => app.unreportedConsoleErrors.map((e) => `${url}: ${e}`));
      if (unreported.length > 0) {
        throw new BrowserHarnessError(
          `browser: ${unreported.length} console error(s) no test checked (assertNoConsoleErrors):\n  ${unreported.join('\n  ')}`,
        );
      }
    },
  };
}
