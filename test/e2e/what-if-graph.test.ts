// What if on the graph, in Chromium: on a BDTR demo run (offline thinker), drop round 1's top passage;
// the graph view's branch picker tags the passages of the final top 5 that only the branch or only the
// original reached, and lists them beside the graph.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('what if: a branch against its original on the graph (headless Chromium)', () => {
  const session = appSession('what-if-graph');

  it('lists the dropped passage as only the original', { timeout: 300_000 }, async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="whatif"]').waitFor({ timeout: 30_000 });
    const top = page.locator('[data-testid="whatif-pool-row"]').first();
    const dropped = await top.getAttribute('data-id');
    await top.locator('[data-testid="whatif-drop"]').click();
    await page.locator('[data-testid="whatif-branch"][data-status="done"]').waitFor({ timeout: 90_000 });

    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-view"]').waitFor({ timeout: 60_000 });
    const picker = page.locator('[data-testid="graph-branch-picker"]');
    await picker.waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="graph-branch"]').count()).toBe(0);
    const options = await picker.locator('option').allInnerTexts();
    expect(options).toHaveLength(2);
    await picker.selectOption({ index: 1 });
    const section = page.locator('[data-testid="graph-branch"]');
    await section.waitFor({ timeout: 30_000 });
    const lost = await section
      .locator('[data-testid="graph-branch-lost"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    const only = await section
      .locator('[data-testid="graph-branch-only"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(lost).toContain(dropped);
    expect(only).not.toContain(dropped);
    expect(only.length).toBe(lost.length);
    expect(await section.locator('[data-testid="graph-branch-both"]').innerText()).toMatch(/^Both: \d+ passage/);
    await page.screenshot({ path: 'test-results/what-if-graph.png' });
  });
});
