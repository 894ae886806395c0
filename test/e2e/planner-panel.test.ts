// The planner's plan in the built app (headless Chromium, no network, offline thinker): the planner runs
// on a demo question; the planner panel lists each round with the query it retrieved for, its partial
// answer and sufficiency, the anchors carried, and the composer's answer with its citations. A round's
// link moves the step bar to that plan; in Present mode a plan step brings the panel on screen.
// Screenshots: test-results/planner-panel-1280.png and planner-panel-1920.png.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

const stepCount = async (page: Page) => {
  const m = /step (\d+) \/ (\d+)/.exec(await page.locator('[data-testid="step-count"]').innerText());
  if (!m) throw new Error('step count not shown');
  return { at: Number(m[1]), total: Number(m[2]) };
};

describe('the planner panel (headless Chromium, no network)', () => {
  const session = appSession('planner-panel');

  it('lists the planner rounds with sub-queries, sufficiency and the composer citations, linked to the steps', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'planner');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: /^planner on .* · demo-01/ })
      .waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="run-label"]').innerText()).toContain('offline thinker (no LLM)');

    const panel = page.locator('[data-testid="planner-panel"]');
    await panel.waitFor();
    const rounds = panel.locator('[data-testid="planner-round"]');
    expect(await rounds.count()).toBeGreaterThanOrEqual(2);
    // The first round retrieved for the question itself; later rounds for the sub-query before them.
    const question = (await page.locator('.run-question').innerText()).replace(/^Question:\s*/, '').split(' · ')[0]!;
    expect((await rounds.first().locator('[data-testid="planner-query"]').innerText()).trim()).toBe(question.trim());
    const subqueries = await panel.locator('[data-testid="planner-subquery"]').allInnerTexts();
    expect(subqueries.length).toBeGreaterThanOrEqual(1);
    expect(subqueries.every((s) => s.trim().length > 0)).toBe(true);
    expect((await rounds.nth(1).locator('[data-testid="planner-query"]').innerText()).trim()).toBe(
      subqueries[0]!.trim(),
    );
    const sufficiency = await panel.locator('[data-testid="planner-sufficiency"]').allInnerTexts();
    expect(sufficiency).toHaveLength(await rounds.count());
    expect(sufficiency.every((s) => /^sufficiency (\d\.\d\d|not given)$/.test(s))).toBe(true);
    expect(await panel.locator('[data-testid="planner-partial"]').count()).toBe(await rounds.count());

    // The composer's answer with the passages it cites, by title.
    const answer = panel.locator('[data-testid="planner-answer"]');
    await answer.waitFor();
    const cited = panel.locator('[data-testid="planner-citation"]');
    expect(await cited.count()).toBeGreaterThan(0);
    const citedText = await cited.allInnerTexts();
    const citedIds = await cited.evaluateAll((els) => els.map((e) => e.getAttribute('data-passage')));
    expect(citedText.join(' ')).not.toContain(citedIds[0]!); // titles, not ids
    expect((await answer.innerText()).toLowerCase()).toContain('cites');

    // A round's link moves the step bar to that round's plan and the panel shows the plan up to it.
    const { total } = await stepCount(page);
    await panel.locator('[data-testid="planner-step-link"]').first().click();
    await expect.poll(async () => (await stepCount(page)).at).toBeLessThan(total);
    expect(await page.locator('[data-testid="step-caption"]').innerText()).toMatch(
      /^the planner (continues|finalizes)/,
    );
    expect(await rounds.count()).toBe(1);
    expect(await answer.count()).toBe(0);

    // Present mode: stepping onto a plan brings the panel under the step bar.
    await page.click('[data-testid="present-toggle"]');
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 60; i++) {
      if (/^the planner/.test(await page.locator('[data-testid="step-caption"]').innerText())) break;
      await page.keyboard.press('PageDown');
    }
    expect(await page.locator('[data-testid="step-caption"]').innerText()).toMatch(/^the planner/);
    const onScreen = () =>
      panel.evaluate((node) => {
        const r = node.getBoundingClientRect();
        const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
        return r.height > 0 && r.top >= bar.bottom - 1 && r.top < window.innerHeight - 40;
      });
    await expect.poll(onScreen, { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('End');
    await mkdir(RESULTS, { recursive: true });
    await panel.evaluate((el) => {
      const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
      window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - bar.height - 8 });
    });
    await page.screenshot({ path: `${RESULTS}planner-panel-1280.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await panel.evaluate((el) => {
      const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
      window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - bar.height - 8 });
    });
    await page.screenshot({ path: `${RESULTS}planner-panel-1920.png` });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
