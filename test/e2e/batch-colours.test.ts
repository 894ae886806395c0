// The batch plots in Debian's Chromium with no network: one colour per lane in every plot, and the
// complementarity plot compares the strategies the user ran (not the baselines listed first), with
// pickers for the pair.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('batch plots: one colour per lane; complementarity pairs the chosen lanes', () => {
  const session = appSession('batch-colours');

  it('every plot draws a lane in the same colour; the pair is the strategies run, and the pickers change it', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-batch"]');
    await page.check('[data-testid="batch-config-bm25"]');
    await page.check('[data-testid="batch-config-bdtr/bm25"]');
    await page.check('[data-testid="batch-config-ircot/bm25"]');
    await page.fill('[data-testid="batch-limit"]', '3');
    await page.click('[data-testid="batch-run"]');
    await page
      .locator('[data-testid="batch-status"]')
      .filter({ hasText: /· done/ })
      .waitFor({ timeout: 120_000 });

    // Every legend entry of every plot: lane name -> the colours it is drawn in.
    const legends = await page
      .locator('[data-testid="batch-plot"] svg')
      .evaluateAll((svgs) =>
        svgs.flatMap((svg) =>
          [...svg.querySelectorAll('text[font-weight="700"]')].map((t) => [
            t.textContent ?? '',
            t.getAttribute('fill'),
          ]),
        ),
      );
    const colours = new Map<string, Set<string>>();
    for (const [name, fill] of legends) colours.set(name!, (colours.get(name!) ?? new Set()).add(fill!));
    const lanes = [...colours.keys()].filter((n) => /bm25|bdtr|ircot|hipporag/.test(n));
    expect(lanes.length).toBeGreaterThanOrEqual(3);
    for (const lane of lanes) expect([...colours.get(lane)!], lane).toHaveLength(1);
    // Different lanes, different colours.
    expect(new Set(lanes.map((l) => [...colours.get(l)!][0])).size).toBe(lanes.length);

    // Complementarity: the two strategies run, not two baselines.
    const comp = page
      .locator('[data-testid="batch-plot"]')
      .filter({ has: page.locator('svg[aria-label="Complementarity"]') });
    expect(await comp.getAttribute('aria-label')).toMatch(
      /^Complementarity: all gold in top 5, bdtr\/bm25 vs ircot\/bm25$/,
    );
    await page.selectOption('[data-testid="complementarity-lane-1"]', 'bm25');
    await expect
      .poll(() => comp.getAttribute('aria-label'))
      .toBe('Complementarity: all gold in top 5, bdtr/bm25 vs bm25');
    const axis = await comp
      .locator('[data-testid="bar-label"]')
      .evaluateAll((ts) => ts.map((t) => (t.textContent ?? '').replace(/\s+/g, '')));
    expect(axis.slice(0, 2)).toEqual(['bdtr/bm25only', 'bm25only']);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
});
