// The browser harness itself (test/support/browser.ts): console errors a test declares as expected are
// not failures, and TestBrowser.close() fails on any console error no assertNoConsoleErrors call has
// reported, so an error logged after a test's own check (or in a test without one) cannot pass unseen.
// Served from a throwaway page, so this does not need dist/.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from '../../harness/app-server.ts';
import { launchBrowser, showLog } from '../../harness/browser.ts';

describe('browser harness (headless Chromium)', () => {
  let dir: string;
  let server: AppServer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hopscope-e2e-harness-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>harness</title><h1>harness self-check</h1>');
    server = await startAppServer({ root: dir });
  });

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('ignores expected console errors and fails close() on errors no test reported', async () => {
    const chromium = await launchBrowser();
    const app = await chromium.openApp(server.url, { expectedConsoleErrors: [/^expected noise$/] });
    try {
      await app.page.evaluate(() => console.error('expected noise'));
      app.assertNoConsoleErrors(); // the expected one is not recorded

      await app.page.evaluate(() => console.error('logged after the check'));
      await expect.poll(() => app.unreportedConsoleErrors.length).toBe(1);
      expect(app.unreportedConsoleErrors[0]).toMatch(/console\.error: logged after the check/);

      await showLog(app.page, [
        'console.error("expected noise")  -> ignored',
        'console.error("logged after the check")  -> close() must fail',
      ]);
      await app.screenshot('harness');
    } finally {
      await expect(chromium.close()).rejects.toThrow(
        /1 console error\(s\) no test checked[\s\S]*logged after the check/,
      );
    }
  });

  it('close() passes once the errors were reported by assertNoConsoleErrors', async () => {
    const chromium = await launchBrowser();
    const app = await chromium.openApp(server.url);
    await app.page.evaluate(() => console.error('reported'));
    await expect.poll(() => app.consoleErrors.length).toBe(1);
    expect(() => app.assertNoConsoleErrors()).toThrow(/reported/);
    expect(app.unreportedConsoleErrors).toEqual([]);
    await expect(chromium.close()).resolves.toBeUndefined();
  });
});
