// Issue 17: the workbench in a classroom and on an analyst's desk, as a new user meets it in Debian's
// Chromium at 1280x720 and on a 1920x1080 projector. Every item saves a screenshot at both sizes
// (test-results/classroom-<item>-1280.png and -1920.png).
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSession, CORPUS_READY } from '../support/app-session.ts';
import { queue, startOpenAiServer } from '../support/openai-server.ts';
import type { AppPage } from '../../harness/browser.ts';

const stepCount = async (page: Page) => {
  const m = /step (\d+) \/ (\d+)/.exec(await page.locator('[data-testid="step-count"]').innerText());
  if (!m) throw new Error('step count not shown');
  return { at: Number(m[1]), total: Number(m[2]) };
};

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

/**
 * What the audience sees: the viewport (not the full page) at the laptop size and at the projector
 * size, scrolled to `scrollTo` when given; then back to 1280x720.
 */
async function shoot(app: AppPage, name: string, scrollTo?: string): Promise<void> {
  await mkdir(RESULTS, { recursive: true });
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    if (scrollTo)
      await app.page
        .locator(scrollTo)
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await app.page.screenshot({ path: `${RESULTS}classroom-${name}-${width}.png` });
  }
  await app.page.setViewportSize({ width: 1280, height: 720 });
}

async function runDemo(page: Page, question = 'demo-01', strategy = 'bdtr'): Promise<void> {
  await page.selectOption('[data-testid="question-picker"]', question);
  await page.selectOption('[data-testid="strategy-picker"]', strategy);
  await page.click('[data-testid="run-button"]');
  await page
    .locator('[data-testid="run-label"]')
    .filter({ hasText: new RegExp(`^${strategy} on .* · ${question}`) })
    .waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
}

describe('issue 17: classroom and analyst (headless Chromium, no network)', () => {
  const session = appSession('classroom');

  it('1: steps through a run from the keyboard anywhere on the page; a clicker walks the whole run; play advances', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runDemo(page);
    const { total } = await stepCount(page);
    expect(total).toBeGreaterThan(20);

    // Focus on the page itself (not a step-bar button): Home goes to step 1 and the keys keep working.
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    expect((await stepCount(page)).at).toBe(1);
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    expect((await stepCount(page)).at).toBe(Math.min(31, total));
    await page.keyboard.press('End');
    expect(await page.locator('[data-testid="step-count"]').innerText()).toBe(`step ${total} / ${total}`);

    // A presenter's clicker (PageUp/PageDown only): back to the start, then forward stage by stage to the end.
    for (let i = 0; i < 40 && (await stepCount(page)).at > 1; i++) await page.keyboard.press('PageUp');
    expect((await stepCount(page)).at).toBe(1);
    const captions: string[] = [];
    let presses = 0;
    for (; presses < 40 && (await stepCount(page)).at < total; presses++) {
      const before = (await stepCount(page)).at;
      await page.keyboard.press('PageDown');
      expect((await stepCount(page)).at).toBeGreaterThan(before);
      captions.push(await page.locator('[data-testid="step-caption"]').innerText());
    }
    expect((await stepCount(page)).at).toBe(total);
    expect(presses).toBeLessThan(total); // stage jumps, not single steps
    expect(captions).toContain('Round 1 begins');
    expect(captions).toContain('Round 2 begins');
    expect(captions.some((c) => c.startsWith('the verifier selects'))).toBe(true);
    expect(captions.some((c) => c.startsWith('the cut keeps'))).toBe(true);
    expect(captions.some((c) => c.startsWith('the answer:'))).toBe(true);

    // A focused button that becomes disabled hands the focus to the step bar (visible), and keys go on.
    await page.focus('[data-testid="step-first"]');
    await page.keyboard.press('Enter');
    expect((await stepCount(page)).at).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('stepbar');
    await page.keyboard.press('ArrowRight');
    expect((await stepCount(page)).at).toBe(2);

    // Keys typed in a text field edit the text, not the step.
    await page.focus('[data-testid="question-input"]');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    expect((await stepCount(page)).at).toBe(2);

    // Play at the fastest pace from the start, then pause.
    await page.selectOption('[data-testid="step-pace"]', '500');
    await page.click('[data-testid="step-first"]');
    await page.click('[data-testid="step-play"]');
    await expect.poll(async () => (await stepCount(page)).at, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await page.click('[data-testid="step-play"]');
    const paused = (await stepCount(page)).at;
    await page.waitForTimeout(1200);
    expect((await stepCount(page)).at).toBe(paused);
    expect(await page.locator('[data-testid="step-play"]').innerText()).toContain('Play');

    await page.locator('h1').click();
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await shoot(app, '1-keyboard');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('2: first open has a demo question ready, honest empty states, and a six-stop guided tour of a finished BDTR run', async () => {
    const app = await session.openReady();
    const { page } = app;
    // Ready to run: the first demo question is picked, Run is enabled, nothing pretends to be a result.
    expect(await page.locator('[data-testid="question-picker"]').inputValue()).toBe('demo-01');
    expect(await page.locator('[data-testid="question-input"]').inputValue()).toMatch(/^In which village/);
    expect(await page.locator('[data-testid="run-button"]').isEnabled()).toBe(true);
    // Nothing has run: one line says what to do, and no empty panel stands under it.
    expect(await page.locator('[data-testid="first-run"]').innerText()).toMatch(
      /^Press Run to trace the picked question/,
    );
    for (const empty of ['answer', 'chain-empty', 'stepbar', 'round-timeline', 'rank-chart'])
      expect(await page.locator(`[data-testid="${empty}"]`).count()).toBe(0);
    expect(await page.locator('.inspector section.panel').count()).toBe(0);
    await shoot(app, '2-first-open');
    // Run is disabled with the reason said.
    await page.fill('[data-testid="question-input"]', '');
    expect(await page.locator('[data-testid="run-button"]').isDisabled()).toBe(true);
    expect(await page.locator('[data-testid="run-hint"]').innerText()).toMatch(/type one to enable Run/);

    // The tour runs BDTR on the picked question and walks six stops; each outlines its panel.
    await page.click('[data-testid="tour-start"]');
    await page.locator('[data-testid="tour"]').waitFor({ timeout: 60_000 });
    const titles: string[] = [];
    for (let i = 0; i < 6; i++) {
      titles.push(await page.locator('[data-testid="tour-title"]').innerText());
      // the stop outlines its panel once the step has rendered (a tick after the card)
      await expect.poll(() => page.locator('.tour-target').count(), { timeout: 10_000 }).toBe(1);
      if (i === 2) {
        // Stepping: before the last round the chain and the answer are not written yet, and say so.
        expect(await page.locator('[data-testid="chain-empty"]').innerText()).toMatch(/^Not written yet at this step/);
        expect(await page.locator('[data-testid="answer"]').innerText()).toMatch(/^Not answered yet at this step/);
        await shoot(app, '2-tour-thoughts');
      }
      if (i < 5) await page.click('[data-testid="tour-next"]');
    }
    expect(titles).toEqual([
      'The question',
      'Round 0: the question alone',
      'Fast and slow thoughts',
      'The rank chart',
      'The verifier and the cut',
      'The answer',
    ]);
    expect((await page.locator('[data-testid="answer"]').innerText()).trim()).not.toMatch(/^No|^Not/);
    await shoot(app, '2-tour-answer');
    await page.click('[data-testid="tour-done"]');
    expect(await page.locator('[data-testid="tour"]').count()).toBe(0);

    // A retrieval-only run says so; a strategy without a chain says it writes none.
    await runDemo(page, 'demo-01', 'single');
    expect(await page.locator('[data-testid="answer"]').innerText()).toBe(
      'Retrieval only: this strategy does not answer.',
    );
    expect(await page.locator('[data-testid="chain-empty"]').innerText()).toMatch(/^single writes no reasoning chain/);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('6: a failed run shows the whole error where it failed, what to do next, and a FAILED badge unlike the bridge', async () => {
    const llm = await startOpenAiServer({
      models: ['tiny'],
      script: queue({
        fault: {
          kind: 'status',
          status: 401,
          message:
            'Incorrect API key provided: sk-wrong. You can find your API key at your dashboard; this message is long on purpose so it would not fit a one-line caption.',
        },
      }),
    });
    try {
      const app = (session.app = await session.chromium.openApp(session.server.url, {
        expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 401/],
      }));
      const { page } = app;
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.click('[data-testid="tab-settings"]');
      await page.selectOption('[data-testid="llm-provider"]', 'openai');
      await page.fill('[data-testid="llm-base-url"]', llm.baseURL);
      await page.fill('[data-testid="llm-model"]', 'tiny');
      await page.click('[data-testid="tab-inspector"]');
      await page
        .locator('[data-testid="corpus-status"]')
        .filter({ hasText: CORPUS_READY })
        .waitFor({ timeout: 60_000 });
      await page.selectOption('[data-testid="question-picker"]', 'demo-01');
      await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
      await page.click('[data-testid="run-button"]');

      const failure = page.locator('[data-testid="run-failure"]');
      await failure.waitFor({ timeout: 60_000 });
      expect(llm.chats().length).toBeGreaterThan(0);
      // Where: the module; the whole message, not an ellipsis; what to do next.
      expect(await failure.locator('h2').innerText()).toMatch(
        /The run failed in bdtr\.dual-thought, round 1: The server refused the API key/,
      );
      const message = await page.locator('[data-testid="run-failure-message"]').innerText();
      expect(message).toContain('rejected the API key (401)');
      expect(await page.locator('[data-testid="run-failure-steps"]').innerText()).toMatch(
        /Check the API key in Settings/,
      );
      expect(await page.locator('[data-testid="answer"]').innerText()).toMatch(/^No answer: the run failed/);
      // No diagnostic flags on a crashed run: the failure is the finding.
      const diagnostics = page.locator('[data-testid="diagnostics-panel"]');
      expect(await diagnostics.locator('[data-testid="diagnostics-failed"]').innerText()).toMatch(
        /^The run failed: the failure is the finding/,
      );
      expect(await diagnostics.locator('[data-testid="diagnostic"]').count()).toBe(0);
      // FAILED badge: its own colours, not the bridge's.
      const badge = page.locator('[data-testid="run-status"]');
      expect(await badge.innerText()).toBe('FAILED');
      const colours = await page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'badge badge-bridge';
        document.body.append(probe);
        const bridge = getComputedStyle(probe);
        const out = { bridge: [bridge.color, bridge.backgroundColor, bridge.borderColor] };
        probe.remove();
        const failed = getComputedStyle(document.querySelector('[data-testid="run-status"]')!);
        return { ...out, failed: [failed.color, failed.backgroundColor, failed.borderColor] };
      });
      // The bridge's colour (its text and border) appears nowhere on the failed badge.
      expect(colours.failed).not.toContain(colours.bridge[0]);
      expect(colours.failed).not.toContain(colours.bridge[2]);
      await shoot(app, '6-failed-run');
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
      await app.close();
      session.app = undefined;
    } finally {
      await llm.close();
    }
  });
  it('3: presentation mode: larger type and chart text, the full width, side panels fold away; readable at 150% zoom', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runDemo(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    const mainWidth = () => page.locator('#main').evaluate((el) => el.getBoundingClientRect().width);
    const stageTextPx = () =>
      page
        .locator('.col-main .bump-stage')
        .first()
        .evaluate((el) => el.getBoundingClientRect().height);
    const bodyPx = () => page.locator('.run-question').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const before = { main: await mainWidth(), stage: await stageTextPx(), body: await bodyPx() };
    expect(before.main).toBeLessThanOrEqual(1400); // the capped layout

    await page.click('[data-testid="present-toggle"]');
    const after = { main: await mainWidth(), stage: await stageTextPx(), body: await bodyPx() };
    expect(after.main).toBeGreaterThan(1880); // the whole screen width
    expect(after.body).toBeGreaterThanOrEqual(before.body * 1.2);
    expect(after.stage).toBeGreaterThanOrEqual(18); // chart text was 11-12 px
    expect(after.stage).toBeGreaterThan(before.stage * 1.3);

    // Side panels fold away and come back; the chart takes the width.
    const chartWidth = () =>
      page.locator('.col-main [data-testid="rank-chart"]').evaluate((el) => el.getBoundingClientRect().width);
    const withSide = await chartWidth();
    await page.click('[data-testid="side-toggle"]');
    expect(await page.locator('.col-side').isVisible()).toBe(false);
    expect(await chartWidth()).toBeGreaterThan(withSide * 1.4);
    await shoot(app, '3-presenting-no-side', '[data-testid="stepbar"]');
    await page.click('[data-testid="side-toggle"]');
    expect(await page.locator('.col-side').isVisible()).toBe(true);
    await shoot(app, '3-presenting', '[data-testid="stepbar"]');

    // 150% browser zoom on a 1280x720 screen lays the page out in an 853x480 CSS-pixel viewport (the
    // screenshot is that layout at 1x). Nothing runs off to the side; the panels stack.
    await page.click('[data-testid="present-toggle"]');
    await page.setViewportSize({ width: 853, height: 480 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const columns = await page
      .locator('.inspector-grid')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(1);
    await page.locator('[data-testid="stepbar"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${RESULTS}classroom-3-zoom150.png` });
    await page.locator('[aria-labelledby="final-heading"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${RESULTS}classroom-3-zoom150-answer.png` });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });

  it('14: no console errors on any page (the favicon is served), every view opened after a run', async () => {
    const app = await session.openReady();
    const { page } = app;
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const response = await page.request.get(new URL(icon ?? '', session.server.url).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/svg+xml');
    // What a real browser asks for when a page names no icon: nothing asks for it any more.
    await runDemo(page);
    for (const view of ['graph', 'compare', 'batch', 'library', 'settings', 'inspector']) {
      await page.click(`[data-testid="tab-${view}"]`);
      await page.waitForTimeout(300);
    }
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    await page.click('[data-testid="tab-library"]');
    await shoot(app, '14-library');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('4: inline help and a glossary for the words a class does not know; units on the numbers', async () => {
    const app = await session.openReady();
    const { page } = app;
    // The chosen strategy is explained under the picker, and follows the choice.
    expect(await page.locator('[data-testid="strategy-help"]').innerText()).toMatch(
      /^BDTR: Bridge-guided Dual-Thought Retrieval/,
    );
    await page.selectOption('[data-testid="strategy-picker"]', 'ircot');
    expect(await page.locator('[data-testid="strategy-help"]').innerText()).toMatch(
      /^IRCoT: Interleaving Retrieval with Chain-of-Thought/,
    );
    await runDemo(page);
    // Every word of the issue has an entry.
    const terms = await page.locator('[data-testid="glossary"] dt').allTextContents();
    for (const t of ['BDTR', 'IRCoT', 'IRGS', 'ToG', 'GCoT', 'PPR', 'EM', 'F1', 'Acc', 'bridge', 'μ+σ cut', 'Recall@k'])
      expect(terms).toContain(t);
    // A term in the answer panel opens its definition in place.
    await page.locator('[data-testid="metrics"] [data-testid="term"][data-term="EM"]').click();
    const popover = page.locator('[data-testid="gloss-popover"][data-term="EM"]');
    await popover.waitFor();
    expect(await popover.innerText()).toContain('Exact match');
    // Units: pools count passages; the cut says it is a score threshold and what it kept, from its numbers.
    expect(await page.locator('[data-testid="timeline-round"][data-round="1"] h3').innerText()).toMatch(
      /pool \d+ passages/,
    );
    expect(await page.locator('[data-testid="cutoff-line"]').textContent()).toMatch(/^score ≥ μ\+σ = \d+\.\d\d$/);
    const cut = await page.locator('[data-testid="cutoff"]').innerText();
    expect(cut).not.toMatch(/exceed 1/);
    expect(cut).toMatch(
      /\d+ promoted by the verifier \(scores? \d+\.\d\d(–\d+\.\d\d)?\), \d+ scoring at least μ\+σ = \d+\.\d\d/,
    );
    expect(cut).toMatch(/Promoted passages keep their own retrieval score/);
    await shoot(app, '4-glossary', '[data-testid="metrics"]');
    await page.keyboard.press('Escape');
    expect(await popover.count()).toBe(0);
    await page.locator('[data-testid="strategy-help"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(app, '4-inline-help', '.inspector-form');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('10: one bridge marking everywhere (colour, diamond, legend with its rule); every rank-chart line is reachable by keyboard', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runDemo(page);
    const chart = page.locator('.col-main [data-testid="rank-chart"]');
    const bridgeLines = chart.locator('[data-testid="bump-line"][data-bridge="true"]');
    expect(await bridgeLines.count()).toBeGreaterThan(0);
    const bridgeId = await bridgeLines.first().getAttribute('data-id');
    // Chart: diamonds in the bridge colour; the legend names the shape and the rule.
    expect(await bridgeLines.first().locator('rect.bump-diamond').count()).toBeGreaterThan(0);
    const bridgeColour = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--bridge').trim(),
    );
    const diamondFill = await bridgeLines
      .first()
      .locator('rect.bump-diamond')
      .first()
      .evaluate((el) => getComputedStyle(el).fill);
    const lineStroke = await bridgeLines
      .first()
      .locator('path')
      .first()
      .evaluate((el) => getComputedStyle(el).stroke);
    expect(diamondFill).toBe(lineStroke);
    expect(bridgeColour).toBe('#b3261e');
    expect(diamondFill).toBe('rgb(179, 38, 30)');
    expect(await page.locator('.legend .key-bridge').innerText()).toMatch(
      /^◆ bridge \(bridge = gold passage whose title the question does not name \(gold titles only\)\)$/,
    );
    // Final context, verifier promotions, round timeline: the same mark on the same passage.
    const ranked = page.locator(`[data-testid="ranked-passage"][data-bridge="true"]`);
    expect(await ranked.count()).toBeGreaterThan(0);
    expect(await ranked.first().locator('[data-testid="bridge-mark"]').innerText()).toBe('◆ BRIDGE');
    const promoted = page
      .locator('[data-testid="promotion"]')
      .filter({ has: page.locator('[data-testid="bridge-mark"]') });
    expect(await promoted.count()).toBeGreaterThan(0);
    expect(await page.locator('.hit.bridge').count()).toBeGreaterThan(0);
    const markColours = await page
      .locator('[data-testid="bridge-mark"]')
      .evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).color))]);
    expect(markColours).toEqual(['rgb(179, 38, 30)']);
    expect(bridgeId).toBeTruthy();

    // Keyboard: Tab reaches every line of the chart, plain ones too.
    const lines = chart.locator('[data-testid="bump-line"]');
    const total = await lines.count();
    expect(await chart.locator('[data-testid="bump-line"][tabindex="0"]').count()).toBe(total);
    await lines.first().focus();
    const reached = new Set<string>();
    for (let i = 0; i < total; i++) {
      reached.add((await page.evaluate(() => document.activeElement?.getAttribute('data-id'))) ?? '');
      await page.keyboard.press('Tab');
    }
    expect(reached.size).toBe(total);
    // A plain line, focused, shows its passage in the hover box.
    const plain = chart.locator('[data-testid="bump-line"].bump-other').first();
    await plain.focus();
    expect(await page.locator('[data-testid="chart-hover"]').innerText()).not.toMatch(/^Hover or focus/);
    await bridgeLines.first().focus();
    await shoot(
      app,
      '10-bridges',
      '[aria-labelledby="' +
        (await chart.evaluate((el) => el.closest('section')?.getAttribute('aria-labelledby'))) +
        '"]',
    );
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('7: compare lanes fit at 1280 px with 2, 3 and 4 lanes: the charts (verifier and cut columns too) stay in their lane on one shared axis', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-compare"]');
    await page.locator('[data-testid="compare-question"]:not([disabled])').waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="compare-question"]', 'demo-01');
    await page.locator('[data-testid="compare-strategy"]').nth(1).selectOption('bdtr');
    for (const lanes of [2, 3, 4]) {
      if (lanes > 2) {
        await page.click('[data-testid="compare-add"]');
        await page
          .locator('[data-testid="compare-strategy"]')
          .nth(lanes - 1)
          .selectOption(lanes === 3 ? 'ircot' : 'bdtr');
        if (lanes === 4) await page.locator('[data-testid="compare-backbone"]').nth(3).selectOption('hipporag2');
      }
      await page.click('[data-testid="compare-run"]');
      await expect
        .poll(() => page.locator('[data-testid="compare-lane-result"]').count(), { timeout: 60_000 })
        .toBe(lanes);
      const boxes = await page.locator('[data-testid="compare-lane"]').evaluateAll((els) =>
        els.map((lane) => {
          const l = lane.getBoundingClientRect();
          const svg = lane.querySelector('[data-testid="rank-chart"]')!;
          const s = svg.getBoundingClientRect();
          const scroll = svg.closest('.chart-scroll')!;
          const texts = [...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
          return {
            laneLeft: l.left,
            laneRight: l.right,
            svgRight: s.right,
            svgWidth: s.width,
            overflow: scroll.scrollWidth - scroll.clientWidth,
            textRight: Math.max(...texts.map((t) => t.right)),
            stages: [...svg.querySelectorAll('.bump-stage')].map((t) => t.firstChild?.textContent),
          };
        }),
      );
      for (const b of boxes) {
        expect(b.overflow).toBeLessThanOrEqual(0);
        expect(b.svgRight).toBeLessThanOrEqual(b.laneRight);
        expect(b.textRight).toBeLessThanOrEqual(b.laneRight);
      }
      // One shared axis: every chart has the same width (same scale).
      expect(new Set(boxes.map((b) => Math.round(b.svgWidth))).size).toBe(1);
      // BDTR's lane shows its verifier and cut columns.
      expect(boxes[1]!.stages).toEqual(['start', 'R1', 'R2', 'verif.', 'cut']);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      if (lanes >= 3) await shoot(app, `7-compare-${lanes}-lanes`, '[data-testid="compare-lane"]');
    }
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('12: library: the corpus in use is remembered across a reload, says "In use", opens from storage (never "indexing…"), and a failed import stops looking busy', async () => {
    const app = await session.open();
    const { page } = app;
    // Every text the corpus status line shows from the first paint on, across reloads.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { statusSeen: string[] }).statusSeen = seen;
      new MutationObserver(() => {
        const t = document.querySelector('[data-testid="corpus-status"]')?.textContent;
        if (t && seen.at(-1) !== t) seen.push(t);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.click('[data-testid="tab-library"]');
    // A failed import: the stage it failed in says so and no longer looks busy.
    await page.setInputFiles('[data-testid="import-files"]', {
      name: 'broken_corpus.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"title":"A","text":"x"},{"title":"B"}]'),
    });
    await page.locator('[data-testid="import-error"]').waitFor({ timeout: 30_000 });
    const states = await page
      .locator('[data-testid="import-stage"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
    expect(states).not.toContain('running');
    expect(states[0]).toBe('failed');
    await shoot(app, '12-import-failed', '[data-testid="import-status"]');

    const corpus = [
      { title: 'Lantern Hall', text: 'Lantern Hall is a meeting house in Brackwater, built in 1870 by Mara Quell.' },
      { title: 'Mara Quell', text: 'Mara Quell was a builder born in Fenn Crossing who trained in Osterby.' },
      { title: 'Brackwater', text: 'Brackwater is a small port town on the Greyreach coast.' },
    ];
    await page.setInputFiles('[data-testid="import-files"]', {
      name: 'lantern_corpus.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(corpus)),
    });
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 60_000 });
    const row = page.locator('[data-testid="library-row"][data-id="lantern"]');
    await row.waitFor({ timeout: 30_000 });
    expect(
      await page.locator('[data-testid="library-row"][data-id="demo"] [data-testid="library-use"]').innerText(),
    ).toBe('In use ✓');
    await row.locator('[data-testid="library-use"]').click();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /^lantern: ready/ })
      .waitFor({ timeout: 60_000 });

    // Reload: the same corpus opens, from storage, and the status never claimed to be indexing it.
    await page.reload();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /^lantern: ready — 3 passages/ })
      .waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
    expect(seen.some((t) => /indexing/.test(t))).toBe(false);
    expect(seen.at(-1)).toMatch(/opened from storage in \d+ ms/);
    await page.click('[data-testid="tab-library"]');
    expect(await row.locator('[data-testid="library-use"]').innerText()).toBe('In use ✓');
    expect(
      await page.locator('[data-testid="library-row"][data-id="demo"] [data-testid="library-use"]').innerText(),
    ).toBe('Use');
    await shoot(app, '12-library-in-use');
    // Back to the demo for the next tests of this browser profile (each test has its own context anyway).
    await page.locator('[data-testid="library-row"][data-id="demo"] [data-testid="library-use"]').click();
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('11: batch plots draw zero bars with labels, labels never overlap, shares are percentages everywhere, a row opens the inspector at the top', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-batch"]');
    await page.uncheck('[data-testid="batch-config-bm25"]');
    await page.uncheck('[data-testid="batch-config-hipporag2"]');
    await page.check('[data-testid="batch-config-bdtr/bm25"]');
    await page.check('[data-testid="batch-config-ircot/hipporag2"]');
    await page.fill('[data-testid="batch-limit"]', '4');
    await page.click('[data-testid="batch-run"]');
    await page
      .locator('[data-testid="batch-status"]')
      .filter({ hasText: '8 / 8 runs · done' })
      .waitFor({ timeout: 60_000 });

    // Every bar is drawn with its value label, zeros included (a sliver, labelled "0%").
    const plots = page.locator('[data-testid="batch-plot"]');
    const bars = await plots.locator('[data-testid="bar"]').evaluateAll((gs) =>
      gs.map((g) => ({
        value: g.getAttribute('data-value'),
        label: g.querySelector('text')?.textContent,
        height: g.querySelector('rect')!.getBoundingClientRect().height,
      })),
    );
    expect(bars.length).toBeGreaterThan(0);
    for (const b of bars) {
      expect(b.label).toBe(b.value);
      // a value that does not exist (a round the strategy never reached) is "n/a" with no bar
      if (b.value === 'n/a') expect(b.height).toBe(0);
      else expect(b.height).toBeGreaterThan(0);
    }
    // Shares are percentages on every axis and bar; the complementarity counts are whole numbers.
    const accuracy = plots.filter({ has: page.locator('svg[aria-label="Accuracy by type"]') });
    expect(await accuracy.count()).toBe(1);
    for (const v of await accuracy
      .locator('[data-testid="bar"]')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-value'))))
      expect(v).toMatch(/^\d+%$/);
    const comp = plots.filter({ has: page.locator('svg[aria-label="Complementarity"]') });
    for (const v of await comp
      .locator('[data-testid="bar"]')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-value'))))
      expect(v).toMatch(/^\d+$/);
    // No two axis labels of a plot overlap.
    const overlaps = await plots.evaluateAll((cards) =>
      cards.flatMap((card) => {
        const boxes = [...card.querySelectorAll('[data-testid="bar-label"]')].map((t) => t.getBoundingClientRect());
        return boxes.flatMap((a, i) =>
          boxes
            .slice(i + 1)
            .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            .map(() => card.getAttribute('aria-label')),
        );
      }),
    );
    expect(overlaps).toEqual([]);
    const fontPx = await plots
      .first()
      .locator('svg')
      .evaluate((svg) => Number(svg.getAttribute('font-size')));
    expect(fontPx).toBeGreaterThanOrEqual(13);
    // The table's Acc is a percentage too.
    for (const acc of await page.locator('[data-testid="batch-row"] td:nth-child(7)').allInnerTexts())
      expect(acc).toMatch(/^(\d+%|—)$/);
    await shoot(app, '11-batch-plots', '[data-testid="batch-plot"]');

    // A row opens its trace in the inspector, scrolled to the top.
    await page.locator('[data-testid="batch-row"]').first().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator('[data-testid="batch-row"]').first().click();
    await page.locator('[data-testid="run-label"]').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('README images: the inspector, the graph view and presentation mode after a BDTR run (copied to docs/img/)', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runDemo(page);
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    await page.locator('[data-testid="stepbar"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${RESULTS}readme-inspector.png` });
    await page.keyboard.press('End');

    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-testid="graph-stats"]').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+ nodes/);
    await page.waitForTimeout(1500); // sigma's first layout frames
    await page.screenshot({ path: `${RESULTS}readme-graph.png` });

    await page.click('[data-testid="tab-inspector"]');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.click('[data-testid="present-toggle"]');
    await page.click('[data-testid="side-toggle"]');
    await page
      .locator('[aria-labelledby] [data-testid="rank-chart"]')
      .first()
      .evaluate((el) => el.closest('section')?.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${RESULTS}readme-presenting.png` });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('13: "Detect" finds a local Ollama/LM Studio (test servers on 127.0.0.1), fills base URL and model, hints at CORS; in-browser models listed with size, speed and the consent note', async () => {
    // Ollama stand-in: the OpenAI-compatible test server (it sends CORS headers).
    const ollama = await startOpenAiServer({
      models: ['llama3.2:1b', 'qwen2.5:0.5b'],
      script: queue({ content: 'unused' }),
    });
    // LM Studio stand-in that answers but sends no CORS headers (CORP only, so the opaque probe may read that it is there).
    const lmStudio: Server = createServer((req, res) => {
      res
        .writeHead(200, { 'Content-Type': 'application/json', 'Cross-Origin-Resource-Policy': 'cross-origin' })
        .end(JSON.stringify({ data: [{ id: 'local-model' }] }));
    });
    await new Promise<void>((r) => lmStudio.listen(0, '127.0.0.1', () => r()));
    const lmPort = (lmStudio.address() as { port: number }).port;
    // A port nothing listens on.
    const closed: Server = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    try {
      const servers = [
        { name: 'Ollama', baseURL: ollama.baseURL },
        { name: 'LM Studio', baseURL: `http://127.0.0.1:${lmPort}/v1` },
        { name: 'vLLM', baseURL: `http://127.0.0.1:${closedPort}/v1` },
      ];
      const app = (session.app = await session.chromium.openApp(session.server.url, {
        expectedConsoleErrors: [
          /blocked by CORS policy/,
          /^Failed to load resource: net::ERR_(FAILED|CONNECTION_REFUSED|BLOCKED_BY_RESPONSE)/,
        ],
      }));
      const { page } = app;
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.evaluate((list) => localStorage.setItem('hopscope.localServers', JSON.stringify(list)), servers);
      await page.click('[data-testid="tab-settings"]');
      await page.click('[data-testid="llm-detect"]');
      const found = page.locator('[data-testid="llm-detected-server"]');
      await expect.poll(() => found.count(), { timeout: 30_000 }).toBe(3);
      const states = await found.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
      expect(states[0]).toBe('ok');
      expect(states[1]).not.toBe('ok'); // answers without CORS: the page may not read it
      expect(states[2]).toBe('down');
      expect(await found.nth(0).innerText()).toContain('2 models (llama3.2:1b, qwen2.5:0.5b)');
      expect(await found.nth(1).innerText()).toMatch(/Enable CORS/);
      expect(await found.nth(2).innerText()).toMatch(/not running, or it blocks this page \(CORS/);
      await shoot(app, '13-detect', '[data-testid="llm-settings"]');
      await found.nth(0).locator('[data-testid="llm-detected-use"]').click();
      await expect.poll(() => page.locator('[data-testid="llm-base-url"]').inputValue()).toBe(ollama.baseURL);
      expect(await page.locator('[data-testid="llm-model"]').inputValue()).toBe('llama3.2:1b');
      expect(await page.locator('[data-testid="llm-provider"]').inputValue()).toBe('openai');
      // Only 127.0.0.1 was asked.
      expect(ollama.log.some((r) => r.path === '/v1/models')).toBe(true);

      // In-browser models: a short list with download size and speed, and the consent note.
      await page.selectOption('[data-testid="llm-provider"]', 'in-browser');
      const choices = page.locator('[data-testid="browser-model-choice"]');
      expect(await choices.count()).toBe(4);
      expect(await page.locator('[data-testid="browser-models"]').innerText()).toMatch(
        /Qwen2\.5 0\.5B Instruct · 480 MB download · ~15-30 tokens\/s WebGPU/,
      );
      await choices.nth(2).click(); // controlled by the saved settings: the value is polled below
      await expect
        .poll(() => page.locator('[data-testid="llm-browser-model"]').inputValue())
        .toBe('onnx-community/Qwen2.5-0.5B-Instruct');
      expect(await page.locator('[data-testid="browser-model-consent"]').innerText()).toMatch(/needs your consent/);
      await shoot(app, '13-browser-models', '[data-testid="llm-settings"]');
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
      await app.close();
      session.app = undefined;
    } finally {
      await ollama.close();
      await new Promise<void>((r) => lmStudio.close(() => r()));
    }
  });
  it('8: graph view: seeds in their own colour, bridges marked, hub phrases hidden, Fit brings the whole graph back, the side panel folds for full width', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runDemo(page);
    await page.click('[data-testid="tab-graph"]');
    const canvas = page.locator('[data-testid="graph-canvas"]');
    await canvas.locator('canvas').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-testid="graph-stats"]').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+ nodes/);
    expect(await page.locator('.graph-legend').innerText()).toMatch(/◆ bridge · ◎ seed/);
    // The bridge passage is marked in the node list too.
    expect(
      await page
        .locator('[data-testid="graph-node-button"]')
        .filter({ hasText: /^◆ Ione Marlow/ })
        .count(),
    ).toBe(1);
    // Zoom in with the wheel, then Fit: the camera returns to the whole graph.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -400);
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-camera-ratio')), { timeout: 10_000 })
      .toBeLessThan(0.9);
    await page.click('[data-testid="graph-fit"]');
    await expect.poll(() => canvas.getAttribute('data-camera-ratio'), { timeout: 10_000 }).toBe('1.000');
    // Full width: the side panel folds away and the canvas takes the row.
    const before = (await canvas.boundingBox())!.width;
    await page.click('[data-testid="side-toggle"]');
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(before + 200);
    await page.waitForTimeout(800);
    await shoot(app, '8-graph', '[data-testid="graph-view"]');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
  it('9 (part): stepping the inspector steps the graph view, and the graph slider steps the inspector', async () => {
    const app = await session.openReady();
    const { page } = app;
    await runDemo(page);
    // Step 1..: round 0 only. The graph shows round 0's pool.
    await page.locator('h1').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('PageDown'); // round 1 begins: the pool is still round 0's
    const round0Pool = await page.locator('[data-testid="timeline-round"][data-round="0"] h3').innerText();
    const size0 = Number(/pool (\d+) passages/.exec(round0Pool)?.[1]);
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('[data-testid="graph-pool-count"]').innerText()).toBe(String(size0));
    expect(await page.locator('[data-testid="round-slider"]').getAttribute('aria-valuetext')).toBe('round 0');
    // The slider to round 1 moves the inspector to the end of round 1.
    await page.locator('[data-testid="round-slider"]').fill('1');
    await page.click('[data-testid="tab-inspector"]');
    expect(await page.locator('[data-testid="timeline-round"]').count()).toBe(2);
    expect(await page.locator('[data-testid="step-count"]').innerText()).not.toMatch(/^step (\d+) \/ \1$/);
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    await shoot(app, '9-graph-steps', '[data-testid="graph-view"]');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
});
