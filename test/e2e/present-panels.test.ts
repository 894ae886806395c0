// The classroom at 1280x720 in Present mode, in Debian's Chromium: the form folds to one line; every jump
// (Home, End, PageUp/PageDown, a diagnostics link) brings the step's own panel wholly on screen under the
// sticky step bar, never under it; the round timeline scrolls sideways to keep the step's round card whole;
// the step's round in short is pinned in the step bar, wholly on screen at every clicker stop;
// the Graph tab's canvas fits the window with the cut's and the verifier's labels up to the last step;
// GEAR's beam steps and DualRAG's outline steps are PageDown stops. Screenshots of each step kind at
// 1280x720 and 1920x1080: test-results/present-panels-<kind>-<width>.png.
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
const captionOf = (page: Page) => page.locator('[data-testid="step-caption"]').innerText();

/**
 * Where a panel is against the sticky step bar and the window: its title (h2) wholly visible under the bar,
 * and the panel wholly on screen (or, taller than the room under the bar, starting right under it).
 */
const placement = (panel: Locator) =>
  panel.evaluate((node) => {
    const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    const title = node.querySelector('h2')!.getBoundingClientRect();
    const room = window.innerHeight - bar.bottom;
    return {
      titleVisible: title.top >= bar.bottom - 1 && title.bottom <= window.innerHeight,
      whole:
        r.top >= bar.bottom - 1 && (r.bottom <= window.innerHeight + 1 || (r.height > room && r.top - bar.bottom < 16)),
    };
  });

/** The step's round card: wholly inside the timeline strip and the window sideways; its top and bottom on screen. */
const cardPlacement = (page: Page, round: number) =>
  page.locator(`[data-testid="timeline-round"][data-round="${round}"]`).evaluate((card) => {
    const strip = card.parentElement!.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
    const r = card.getBoundingClientRect();
    return {
      sideways: r.left >= strip.left - 1 && r.right <= strip.right + 1 && r.left >= 0 && r.right <= window.innerWidth,
      upright: r.top >= bar.bottom - 1 && r.bottom <= window.innerHeight + 1,
    };
  });

/**
 * The step's round card pinned in the sticky step bar: its round, whether it is wholly inside the window,
 * and whether `panel`'s title starts under the whole sticky area (the bar and the card, whichever ends lower).
 */
const roundCardNow = (page: Page, panel: Locator) =>
  panel.evaluate((node) => {
    const card = document.querySelector('[data-testid="present-round-card"]');
    if (!card) return { round: null, inside: false, titleUnder: false };
    const r = card.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="stepbar"]')!.getBoundingClientRect();
    const title = node.querySelector('h2')!.getBoundingClientRect();
    return {
      round: Number(card.getAttribute('data-round')),
      inside:
        r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth,
      titleUnder: title.top >= Math.max(bar.bottom, r.bottom) - 1,
    };
  });

async function run(page: Page, strategy: string, question = 'demo-01'): Promise<void> {
  await page.click('[data-testid="present-summary"]');
  await page.selectOption('[data-testid="question-picker"]', question);
  await page.selectOption('[data-testid="strategy-picker"]', strategy);
  await page.click('[data-testid="run-button"]');
  await page
    .locator('[data-testid="run-label"]')
    .filter({ hasText: new RegExp(`^${strategy} on .* · ${question}`) })
    .waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
  await page.click('[data-testid="present-fold"]');
  await page.locator('h1').click();
  await page.keyboard.press('Home');
}

/** PageDown from step 1 to the end; at each stop `check` runs; returns the captions in order. */
async function clicker(page: Page, check: (caption: string) => Promise<void>): Promise<string[]> {
  const captions: string[] = [];
  for (let i = 0; i < 60; i++) {
    const caption = await captionOf(page);
    captions.push(caption);
    await check(caption);
    const { at, total } = await stepCount(page);
    if (at >= total) break;
    await page.keyboard.press('PageDown');
    expect((await stepCount(page)).at).toBeGreaterThan(at);
  }
  return captions;
}

/** The screen as the class sees it at 1280x720, then at 1920x1080 after the same step is followed again. */
async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  await page.screenshot({ path: `${RESULTS}present-panels-${name}-1280.png` });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await refollow(page);
  await page.screenshot({ path: `${RESULTS}present-panels-${name}-1920.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await refollow(page);
}

/** One step away and back (the same step): Present mode follows it again, at the window's new size. */
async function refollow(page: Page): Promise<void> {
  const { at } = await stepCount(page);
  const [away, back] = at === 1 ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
  await page.keyboard.press(away);
  await page.keyboard.press(back);
  expect((await stepCount(page)).at).toBe(at);
}

describe('Present mode: every step on screen, every step kind a clicker stop (headless Chromium, no network)', () => {
  const session = appSession('present-panels');

  it('BDTR at 1280x720: the form is one line; each PageDown stop shows its panel under the bar and the round card whole; End shows the answer', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="present-toggle"]');
    // The form folds to one line: question · backbone · strategy · LLM; a click opens it, another folds it.
    const summary = page.locator('[data-testid="present-summary"]');
    const line = async () => ((await summary.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(await line()).toMatch(/In which village .* · BM25 · BDTR · offline thinker \(no LLM\)/);
    expect(await summary.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(40);
    expect(await page.locator('[data-testid="question-picker"]').count()).toBe(0);
    await run(page, 'bdtr');
    expect(await page.locator('[data-testid="question-picker"]').count()).toBe(0);
    expect(await line()).toMatch(/· BDTR ·/);

    const timeline = page.locator('section[aria-labelledby="timeline-heading"]');
    const panels: Record<string, Locator> = {
      'the verifier': page.locator('[data-step-panel~="verifier"]'),
      'the cut': page.locator('[data-step-panel~="cut"]'),
      'the reasoning chain': page.locator('[data-step-panel="chain"]'),
      'the answer': page.locator('[data-step-panel="answer"]'),
    };
    const shots = new Set<string>();
    const captions = await clicker(page, async (caption) => {
      const round = /^Round (\d+)/.exec(caption);
      const kind = Object.keys(panels).find((k) => caption.startsWith(k));
      const panel = round ? timeline : kind ? panels[kind]! : null;
      expect(panel, `a panel for "${caption}"`).not.toBeNull();
      const at = await placement(panel!);
      expect(at, caption).toEqual({ titleVisible: true, whole: true });
      // The step's round card is never cut sideways; at a round stop it is wholly on screen.
      const current = Number(await page.locator('[data-testid="timeline-round"]').last().getAttribute('data-round'));
      const card = await cardPlacement(page, current);
      expect(card.sideways, caption).toBe(true);
      if (round) expect(card.upright, caption).toBe(true);
      // At every stop the step's round card (pinned under the step bar) is wholly on screen, and the step's
      // panel title starts under it.
      expect(await roundCardNow(page, panel!), caption).toEqual({ round: current, inside: true, titleUnder: true });
      const name = round ? (round[1] === '0' ? 'round0' : 'round') : kind!.replace('the ', '').replace(' ', '-');
      if (!shots.has(name) && (name !== 'round' || Number(round![1]) >= 2)) {
        shots.add(name);
        await shoot(page, name);
      }
    });
    expect(captions.filter((c) => /^Round \d/.test(c))).toHaveLength(3);
    expect(captions.some((c) => c.startsWith('the reasoning chain:'))).toBe(true);

    // Home, then End: the answer panel's title is on screen, under the bar, not covered by it.
    await page.keyboard.press('Home');
    expect(await placement(timeline)).toEqual({ titleVisible: true, whole: true });
    await page.keyboard.press('End');
    expect(await page.locator('[data-testid="step-count"]').innerText()).toMatch(/^step (\d+) \/ \1$/);
    await expect.poll(() => placement(panels['the answer']!)).toEqual({ titleVisible: true, whole: true });
    expect(await roundCardNow(page, panels['the answer']!)).toEqual({ round: 2, inside: true, titleUnder: true });
    // PageUp back to the verifier: its panel comes back on screen.
    for (let i = 0; i < 6 && !(await captionOf(page)).startsWith('the verifier selects'); i++)
      await page.keyboard.press('PageUp');
    expect(await captionOf(page)).toMatch(/^the verifier selects/);
    expect(await placement(panels['the verifier']!)).toEqual({ titleVisible: true, whole: true });
    expect(await roundCardNow(page, panels['the verifier']!)).toEqual({ round: 2, inside: true, titleUnder: true });

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });

  it('the Graph tab in Present mode fits the window; the cut and the promoted passages keep their labels to the last step', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="present-toggle"]');
    await run(page, 'bdtr');
    await page.click('[data-testid="tab-graph"]');
    const canvas = page.locator('[data-testid="graph-canvas"]');
    await canvas.locator('canvas').first().waitFor({ timeout: 60_000 });
    const inside = () =>
      canvas.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height >= 240
        );
      });
    await expect.poll(inside).toBe(true);
    expect(await page.locator('.graph-tools').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    const labels = async () => JSON.parse((await canvas.getAttribute('data-labels')) ?? '[]') as string[];
    // The cut, then the answer (the last step): the promoted passages and the cut stay labelled.
    for (let i = 0; i < 12 && (await page.locator('[data-testid="cut-on-graph"]').count()) === 0; i++)
      await page.keyboard.press('PageDown');
    expect(await page.locator('[data-testid="cut-on-graph"]').count()).toBe(1);
    await expect.poll(async () => (await labels()).filter((l) => / · cut #/.test(l)).length).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(600);
    await mkdir(RESULTS, { recursive: true });
    await page.screenshot({ path: `${RESULTS}present-panels-graph-cut-1280.png` });
    await page.keyboard.press('End');
    await expect.poll(async () => (await labels()).filter((l) => / · cut #/.test(l)).length).toBeGreaterThanOrEqual(3);
    expect((await labels()).some((l) => /^Skelda · .*verifier/.test(l))).toBe(true);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${RESULTS}present-panels-graph-answer-1280.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(inside).toBe(true);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${RESULTS}present-panels-graph-answer-1920.png` });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });

  it("GEAR and DualRAG stepped only with PageDown visit their beam and outline steps, each on its panel; a diagnostics link shows its step's panel", async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="present-toggle"]');
    for (const [strategy, stop, panel, name] of [
      ['gear', /^beam step \d+ keeps/, '[data-step-panel="beam"]', 'gear-beam'],
      ['dualrag', /^knowledge outline now holds/, '[data-step-panel="outline"]', 'dualrag-outline'],
    ] as const) {
      await run(page, strategy);
      let seen = 0;
      const captions = await clicker(page, async (caption) => {
        // At every stop (a round, a beam or outline step, the answer) the step's round card is on screen.
        const current = Number(await page.locator('[data-testid="timeline-round"]').last().getAttribute('data-round'));
        const shownPanel = /^Round \d/.test(caption)
          ? 'section[aria-labelledby="timeline-heading"]'
          : stop.test(caption)
            ? panel
            : '[data-step-panel="answer"]';
        expect(await roundCardNow(page, page.locator(shownPanel)), caption).toEqual({
          round: current,
          inside: true,
          titleUnder: true,
        });
        if (!stop.test(caption)) return;
        seen++;
        expect(await placement(page.locator(panel)), caption).toEqual({ titleVisible: true, whole: true });
        if (seen === 2) await shoot(page, name);
      });
      expect(seen, strategy).toBeGreaterThanOrEqual(2);
      expect(captions.at(-1)).toMatch(/^the answer: /);
      if (strategy === 'dualrag') {
        // In the order it happens: no step says "no retrieval: answer" before the reasoner decides.
        const decided = captions.findIndex((c) => c.startsWith('knowledge outline'));
        expect(decided).toBeGreaterThan(0);
      }
    }
    // A diagnostics link (far below) of a planner run moves the step to the end of a round and brings that
    // step's panel on screen under the bar.
    await run(page, 'planner');
    for (let i = 0; i < 5 && !(await captionOf(page)).startsWith('the planner continues'); i++)
      await page.keyboard.press('PageDown');
    expect(await captionOf(page)).toMatch(/^the planner continues/);
    expect(await placement(page.locator('[data-step-panel="plan"]'))).toEqual({ titleVisible: true, whole: true });
    const planRound = Number(await page.locator('[data-testid="timeline-round"]').last().getAttribute('data-round'));
    expect(await roundCardNow(page, page.locator('[data-step-panel="plan"]'))).toEqual({
      round: planRound,
      inside: true,
      titleUnder: true,
    });
    await shoot(page, 'planner-plan');
    await page.keyboard.press('End');
    const link = page.locator('[data-testid="evidence-step"]').first();
    expect(await link.count()).toBe(1);
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await expect.poll(() => page.locator('[data-testid="step-all"]').isEnabled()).toBe(true);
    const caption = await captionOf(page);
    const panel = caption.startsWith('the planner')
      ? '[data-step-panel="plan"]'
      : caption.startsWith('the pool')
        ? '[data-step-panel="ranks"]'
        : 'section[aria-labelledby="timeline-heading"]';
    await expect.poll(() => placement(page.locator(panel))).toEqual({ titleVisible: true, whole: true });

    // DualRAG at its first reasoner step, before its retrieval decision: the step says it is deciding.
    await run(page, 'dualrag');
    for (let i = 0; i < 5 && !(await captionOf(page)).startsWith('the reasoner writes'); i++)
      await page.keyboard.press('ArrowRight');
    expect(await captionOf(page)).toMatch(/^the reasoner writes/);
    const first = page.locator('[data-testid="reasoning-step"]').first();
    expect(await first.getAttribute('data-retrieved')).toBe('undecided');
    expect(await first.innerText()).not.toMatch(/no retrieval: answer/i);
    await page.keyboard.press('ArrowRight');
    expect(await captionOf(page)).toBe('the reasoner decides to retrieve before it goes on');
    expect(await first.getAttribute('data-retrieved')).toBe('true');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
});
