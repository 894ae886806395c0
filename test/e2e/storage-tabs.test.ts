// Real IndexedDB in headless Chromium: when another tab opens a newer version of Hopscope's database,
// the engine worker's connection closes instead of blocking it, and the page tells the user to reload.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('IndexedDB shared with another tab (headless Chromium)', () => {
  const session = appSession('storage-tabs');

  it("a newer version opened elsewhere closes this tab's storage and shows what to do", async () => {
    const app = await session.open();
    const { page } = app;
    // Settings are read from IndexedDB by the engine worker: the database is open once they show
    await page.click('[data-testid="tab-settings"]');
    await page.locator('[data-testid="llm-provider"]').waitFor();
    expect(await page.locator('[data-testid="storage-notice"]').count()).toBe(0);

    // "another tab": a connection asking for a newer version (it would be blocked if the worker held on)
    const opened = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const req = indexedDB.open('hopscope', 1000);
          req.onblocked = () => resolve('blocked');
          req.onsuccess = () => {
            req.result.close();
            resolve('opened');
          };
          req.onerror = () => resolve(`error: ${String(req.error)}`);
        }),
    );
    expect(opened).toBe('opened');
    const notice = page.locator('[data-testid="storage-notice"]');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toContain('another tab opened a newer version of Hopscope');
    expect(await notice.textContent()).toContain('reload this tab');
    await page.screenshot({ path: 'test-results/storage-versionchange.png', fullPage: true });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
