// The workbench on a projector and with a clicker, in Debian's Chromium at 1280x720: Present mode follows
// the step (the verifier's panel, then the answer, come on screen at their steps, side panels shown or
// folded), long rankings shorten, and the step keys step from a focused select and on the Graph tab.
// Screenshots: test-results/present-<name>-1280.png and -1920.png.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { appSession } from '../support/app-session.ts';

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

const stepCount = async (page: Page) => {
  const m = /step (\d+) \/ (\d+)/.exec(await page.locator('[data-testid="step-count"]').innerText());
  if (!m) throw new Error('step count not shown');
  return { at: Number(m[1]), total: Number(m[2]) };
};

/** Whether the element's top is on screen, below the sticky step bar (it can be taller than the screen). */
const onScreen = (el: Locator) =>
  el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
    return r.height > 0 && r.top >= bar.bottom - 1 && r.top < window.innerHeight - 40;
  });

/** The screen at 1280x720 as it is, then at 1920x1080 with `panel` brought under the step bar again. */
async function shoot(page: Page, name: string, panel: Locator): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  await page.screenshot({ path: `${RESULTS}present-${name}-1280.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await panel.evaluate((el) => {
    const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
    window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - bar.height - 8 });
  });
  await page.screenshot({ path: `${RESULTS}present-${name}-1920.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function runBdtr(page: Page): Promise<void> {
  await page.selectOption('[data-testid="question-picker"]', 'demo-01');
  await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
  await page.click('[data-testid="run-button"]');
  await page
    .locator('[data-testid="run-label"]')
    .filter({ hasText: /^bdtr on .* · demo-01/ })
    .waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
}

/** PageDown until the caption starts with `prefix`; returns whether it got there. */
async function pageDownTo(page: Page, prefix: string): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if ((await page.locator('[data-testid="step-caption"]').innerText()).startsWith(prefix)) return true;
    const { at, total } = await stepCount(page);
    if (at >= total) return false;
    await page.keyboard.press('PageDown');
  }
  return false;
}

describe('Present mode follows the step; the clicker always steps (headless Chromium, no network)', () => {
  const session = appSession('present-follow');

  it('stepping a BDTR run at 1280x720 in Present mode brings the verifier, then the answer, on screen', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runBdtr(page);
    await page.click('[data-testid="present-toggle"]');
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    // Step 1 is round 0: its card comes up under the step bar, past the form and the buttons.
    const round0 = page.locator('[data-testid="timeline-round"][data-round="0"]');
    await expect.poll(() => onScreen(round0), { timeout: 10_000 }).toBe(true);
    await shoot(page, 'round0', round0);

    const verifier = page.locator('[data-step-panel~="verifier"]');
    const answer = page.locator('[data-step-panel="answer"]');
    expect(await pageDownTo(page, 'the verifier selects')).toBe(true);
    await expect.poll(() => onScreen(verifier), { timeout: 10_000 }).toBe(true);
    await shoot(page, 'verifier', verifier);
    expect(await pageDownTo(page, 'the answer:')).toBe(true);
    await expect.poll(() => onScreen(answer), { timeout: 10_000 }).toBe(true);
    expect((await page.locator('[data-testid="answer"]').innerText()).trim()).not.toMatch(/^No|^Not/);
    await shoot(page, 'answer', answer);

    // Side panels folded: the verifier and the answer come under the chart, still followed.
    await page.click('[data-testid="side-toggle"]');
    expect(await page.locator('.col-side').isVisible()).toBe(false);
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    expect(await pageDownTo(page, 'the verifier selects')).toBe(true);
    await expect.poll(() => onScreen(verifier), { timeout: 10_000 }).toBe(true);
    expect(await pageDownTo(page, 'the answer:')).toBe(true);
    await expect.poll(() => onScreen(answer), { timeout: 10_000 }).toBe(true);
    await shoot(page, 'answer-no-side', answer);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });

  it('PageDown steps with a strategy select focused and keeps its value; ArrowRight steps on the Graph tab', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runBdtr(page);
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    await page.focus('[data-testid="strategy-picker"]');
    const before = await page.locator('[data-testid="strategy-picker"]').inputValue();
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    expect((await stepCount(page)).at).toBeGreaterThan(1);
    const at = (await stepCount(page)).at;
    await page.keyboard.press('ArrowRight');
    expect((await stepCount(page)).at).toBe(at + 1);
    await page.keyboard.press('Home');
    expect((await stepCount(page)).at).toBe(1);
    expect(await page.locator('[data-testid="strategy-picker"]').inputValue()).toBe(before);
    // The pace select too.
    await page.focus('[data-testid="step-pace"]');
    const pace = await page.locator('[data-testid="step-pace"]').inputValue();
    await page.keyboard.press('PageDown');
    await page.keyboard.press('End');
    expect(await page.locator('[data-testid="step-pace"]').inputValue()).toBe(pace);

    // The Graph tab: the arrows and the clicker step the run, and the inspector shows the same step.
    await page.keyboard.press('Home');
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    // The graph follows the step exactly: at round 1's first thought it draws round 1's marks, while the
    // pool it lists is still round 0's (round 1 has not pooled yet).
    const onGraph = page.locator('[data-testid="step-on-graph"] h3');
    await page.keyboard.press('PageDown'); // round 1 begins
    await page.keyboard.press('ArrowRight'); // its first thought
    await expect.poll(() => onGraph.innerText()).toBe('On the graph at this step (round 1)');
    expect(await page.locator('[data-testid="round-slider"]').getAttribute('aria-valuetext')).toBe('round 0');
    // The last step draws the run's outcome, as the whole run does: the cut is on the graph.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('[data-testid="cut-on-graph"]').count()).toBe(1);
    await page.keyboard.press('Home');
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await page.click('[data-testid="tab-inspector"]');
    expect((await stepCount(page)).at).toBe(7);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
});
