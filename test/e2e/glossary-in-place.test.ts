// The glossary opens in place (headless Chromium, no network): a term's link opens its definition beside
// the term without moving the page; Escape, the close button or a click elsewhere closes it and focus
// returns to the term; one definition is open at a time; the glossary lists every method of the app.
// Screenshots: test-results/glossary-in-place-1280.png and -1920.png.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** Vertical distance between the term and its definition (0 when they touch or overlap). */
const gap = (term: Locator, card: Locator) =>
  Promise.all([term.boundingBox(), card.boundingBox()]).then(([t, c]) => {
    if (!t || !c) throw new Error('term or definition not drawn');
    return Math.max(0, c.y - (t.y + t.height), t.y - (c.y + c.height));
  });

describe('a glossary that opens in place (headless Chromium, no network)', () => {
  const session = appSession('glossary-in-place');

  it('opens a term beside its link, closes with Escape and the close button, and lists every method', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('[data-testid="strategy-picker"]', 'planner');
    const term = page.locator('[data-testid="strategy-help"] [data-testid="term"]');
    await term.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await term.click();
    const card = page.locator('[data-testid="gloss-popover"]');
    await card.waitFor();
    expect(await card.getAttribute('data-term')).toBe('Planner');
    expect(await card.innerText()).toContain('partial answer');
    // In place: the page did not move, the definition sits beside the term, on screen, and has focus.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    expect(await gap(term, card)).toBeLessThan(16);
    expect(
      await card.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight;
      }),
    ).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('gloss-popover');
    await mkdir(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}glossary-in-place-1280.png` });

    // Escape closes it, focus back on the term; the strategy select keeps its value.
    await page.keyboard.press('Escape');
    expect(await card.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-term'))).toBe('Planner');
    expect(await page.locator('[data-testid="strategy-picker"]').inputValue()).toBe('planner');

    // The close button, and a click elsewhere, close it too.
    await term.click();
    await card.waitFor();
    await page.click('[data-testid="gloss-close"]');
    expect(await card.count()).toBe(0);
    await term.click();
    await card.waitFor();
    await page.locator('h1').click();
    expect(await card.count()).toBe(0);

    // After a run: one definition open at a time.
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    const em = page.locator('[data-testid="metrics"] [data-testid="term"][data-term="EM"]');
    await em.click();
    await page.locator('[data-testid="metrics"] [data-testid="term"][data-term="F1"]').click();
    expect(await card.count()).toBe(1);
    expect(await card.getAttribute('data-term')).toBe('F1');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.keyboard.press('Escape');
    await em.click();
    await card.waitFor();
    expect(await gap(em, card)).toBeLessThan(16);
    await page.screenshot({ path: `${RESULTS}glossary-in-place-1920.png` });
    await page.keyboard.press('Escape');

    // The glossary lists every method: every strategy family and every backbone.
    const terms = await page.locator('[data-testid="glossary"] dt').allTextContents();
    for (const t of [
      'single retrieval',
      'static',
      'IRCoT',
      'IRGS',
      'ToG',
      'GCoT',
      'BDTR',
      'GEAR',
      'Planner',
      'DualRAG',
      'auto',
      'ensemble',
      'BM25',
      'Dense',
      'Hybrid',
      'HippoRAG 2',
      'RAPTOR',
      'GraphRAG',
      'NaiveGE / SyncGE',
    ])
      expect(terms).toContain(t);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
