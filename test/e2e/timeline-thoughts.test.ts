// The round timeline says each thought once (headless Chromium, no network, offline thinker): when a
// round's query is one of its thoughts word for word, the query line names that thought instead of
// repeating it; the retrieved passages stay listed under it.
// Screenshot: test-results/timeline-thoughts.png (1280x720).
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('each thought once in the round timeline', () => {
  const session = appSession('timeline-thoughts');

  it('a BDTR run with the offline thinker shows every thought text once per round', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    const rounds = page.locator('[data-testid="timeline-round"]');
    expect(await rounds.count()).toBeGreaterThanOrEqual(2);
    let named = 0;
    let checked = 0;
    for (const round of await rounds.all()) {
      // the thought's own words, without its kind label
      const thoughts = await round
        .locator('[data-testid="thought"]')
        .evaluateAll((els) =>
          els.map((el) =>
            (el.textContent ?? '').slice((el.querySelector('.thought-kind')?.textContent ?? '').length).trim(),
          ),
        );
      checked += thoughts.length;
      const queryLines = await round.locator('[data-testid="query"] .query-text').allInnerTexts();
      for (const t of thoughts.filter((x) => x.length > 20)) {
        const times = queryLines.filter((q) => q.includes(t)).length;
        expect(times, `"${t}" repeated as a query`).toBe(0);
      }
      named += await round.locator('[data-testid="query-same"]').count();
    }
    expect(checked).toBeGreaterThan(0);
    // the offline thinker retrieves with its thoughts: those queries name the thought
    expect(named).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="query-same"]').first().innerText()).toMatch(
      /^retrieves with the (fast|slow) thought above$/,
    );
    // each query still lists what it retrieved
    expect(await page.locator('[data-testid="query"]').first().locator('.hit').count()).toBeGreaterThan(0);
    await page.locator('[data-testid="timeline-round"][data-round="1"]').scrollIntoViewIfNeeded();
    await app.screenshot('timeline-thoughts');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
