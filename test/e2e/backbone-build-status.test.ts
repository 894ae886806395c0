// A backbone's first use shows its build (headless Chromium, demo): the inspector's status line names
// RAPTOR's tree and its stages while the run waits; the stages shown are kept on the caption's
// data-history, so a fast build on the small demo is checked without timing.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('backbone build status (headless Chromium)', () => {
  const session = appSession('backbone-build-status');

  it('the first RAPTOR run shows its tree being built, stage by stage; the second shows none', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('[data-testid="backbone-picker"]', 'raptor');
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: /^single on raptor/ })
      .waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 90_000 });
    const history = ((await page.locator('[data-testid="step-caption"]').getAttribute('data-history')) ?? '').split(
      '\n',
    );
    expect(history[0]).toBe('raptor: clustering level 1');
    expect(history).toContain('raptor: summarising level 1');
    await page.screenshot({ path: 'test-results/backbone-build-status-1280.png' });

    // Built once per loaded corpus: the next run waits for nothing.
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 90_000 });
    expect(await page.locator('[data-testid="step-caption"]').getAttribute('data-history')).toBeNull();
  });
});
