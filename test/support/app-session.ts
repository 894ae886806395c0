// One app server + one Chromium per e2e file, with the hooks every file needs: start both before the
// tests, and after them save a screenshot of the last opened page (a CI artifact under test-results/)
// and close both. `open()` opens the app at 1280x720 (the size the UI is built for); `openReady()`
// also waits until the active corpus (the demo on first start) is indexed.
import { afterAll, beforeAll } from 'vitest';
import { startAppServer, type AppServer, type AppServerOptions } from '../../harness/app-server.ts';
import {
  launchBrowser,
  type AppPage,
  type LaunchOptions,
  type OpenAppOptions,
  type TestBrowser,
} from '../../harness/browser.ts';

export interface AppSession {
  readonly server: AppServer;
  readonly chromium: TestBrowser;
  /** The page the screenshot is taken of: the last one `open` returned. */
  app: AppPage | undefined;
  open(options?: OpenAppOptions): Promise<AppPage>;
  openReady(options?: OpenAppOptions): Promise<AppPage>;
}

export const CORPUS_READY = /\bready\b/i;

export function appSession(
  screenshot: string,
  serverOptions?: AppServerOptions,
  launchOptions?: LaunchOptions,
): AppSession {
  let server: AppServer | undefined;
  let chromium: TestBrowser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running (appSession's beforeAll failed or has not run)`);
    return value;
  };
  const session: AppSession = {
    get server() {
      return started(server, 'the app server');
    },
    get chromium() {
      return started(chromium, 'Chromium');
    },
    app: undefined,
    async open(options) {
      const app = await session.chromium.openApp(session.server.url, options);
      await app.page.setViewportSize({ width: 1280, height: 720 });
      session.app = app;
      return app;
    },
    async openReady(options) {
      const app = await session.open(options);
      await app.page
        .locator('[data-testid="corpus-status"]')
        .filter({ hasText: CORPUS_READY })
        .waitFor({ timeout: 60_000 });
      return app;
    },
  };
  beforeAll(async () => {
    server = await startAppServer(serverOptions);
    chromium = await launchBrowser(launchOptions);
  });
  afterAll(async () => {
    await session.app?.screenshot(screenshot);
    await chromium?.close();
    await server?.close();
  });
  return session;
}
