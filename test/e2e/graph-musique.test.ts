// The graph view on a real corpus (issue 17 items 8-9, issue 12's GEAR expansion): MuSiQue
// (../shared/data/musique, 8,044 passages) imported through the Library page, a question run with BDTR
// (offline thinker) on HippoRAG 2, then the graph: hub phrases hidden by corpus share, labels culled,
// evidence paths seed -> bridge -> gold, and the run at the step drawn over the graph (each thought's
// phrases and passages, the chain, promotions, the cut); the graph steps the inspector and back. Then
// GEAR on the same question draws its beams' triple paths. Screenshots at 1280x720 and 1920x1080.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { appSession } from '../support/app-session.ts';

const DIR = new URL('../../../shared/data/musique/', import.meta.url);
const FILES = ['musique_corpus.json', 'musique.json'].map((n) => fileURLToPath(new URL(n, DIR)));
const dataset = loadDataset(
  'musique',
  FILES.map((f) => ({ name: f.slice(f.lastIndexOf('/') + 1), text: readFileSync(f, 'utf8') })),
);
const question = dataset.questions[0]!;

describe('graph view on MuSiQue (headless Chromium)', () => {
  const session = appSession('graph-musique');

  // A real corpus imported in the page plus three runs: minutes when the shared machine is busy.
  it('draws a readable graph of a real corpus with the run over it, step by step', { timeout: 360_000 }, async () => {
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-library"]');
    await page.setInputFiles('[data-testid="import-files"]', FILES);
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 180_000 });
    await page.locator('[data-testid="library-row"][data-id="musique"] [data-testid="library-use"]').click();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /musique: ready/ })
      .waitFor({ timeout: 60_000 });

    await page.click('[data-testid="tab-inspector"]');
    await page.selectOption('[data-testid="question-picker"]', question.id);
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 120_000 });

    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 120_000 });
    const stats = page.locator('[data-testid="graph-stats"]');
    await expect.poll(() => stats.innerText(), { timeout: 60_000 }).toMatch(/^\d+ nodes, \d+ edges/);
    const statsText = await stats.innerText();
    // Hubs by corpus share: phrases in >= 0.5% of MuSiQue's passages are hidden (and counted).
    expect(statsText).toMatch(/\d+ hub phrase\(s\) hidden or left out/);
    // The whole run: the cut, the promotions and the chain named beside the graph; the evidence paths' legend.
    const side = page.locator('[data-testid="step-on-graph"]');
    expect(await side.innerText()).toContain('On the graph: the whole run');
    expect(await page.locator('[data-testid="cut-on-graph"]').innerText()).toMatch(/^Final cut .* kept \d+: #1 /);
    expect(await page.locator('[data-testid="paths-legend"]').innerText()).toContain('seed → ◆ bridge');
    // The canvas uses the window's width (the app's 1400 px cap is lifted on this page).
    const canvasBox = await page.locator('[data-testid="graph-canvas"]').boundingBox();
    expect(canvasBox!.width).toBeGreaterThan(1280 - 2 * 20 - 22 * 16 - 40);
    await app.screenshot('graph-musique-1280');

    // Fit / reset after zooming.
    const canvas = page.locator('[data-testid="graph-canvas"]');
    await canvas.hover();
    await page.mouse.wheel(0, -600);
    await expect.poll(() => canvas.getAttribute('data-camera-ratio')).not.toBe('1.000');
    await page.click('[data-testid="graph-fit"]');
    await expect.poll(() => canvas.getAttribute('data-camera-ratio')).toBe('1.000');

    // Slider to round 1: the inspector's step moves there, and the graph names what each thought linked to.
    await page.locator('[data-testid="round-slider"]').fill('1');
    const links = page.locator('[data-testid="thought-link"]');
    await expect.poll(() => links.count()).toBeGreaterThanOrEqual(2);
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))).toEqual(
      expect.arrayContaining(['fast', 'slow']),
    );
    // On HippoRAG 2 the trace records what each query was linked to (seed facts), and the graph uses it.
    expect(await links.first().innerText()).toMatch(/→ phrases it linked to: .+; passages: .+/);
    const graphStep = (await page.locator('[data-testid="graph-step-count"]').innerText()).match(
      /^step (\d+) \/ (\d+)$/,
    );
    expect(graphStep).not.toBeNull();
    await app.screenshot('graph-musique-1280-round1');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await app.screenshot('graph-musique-1920-round1');

    await page.click('[data-testid="tab-inspector"]');
    expect(await page.locator('[data-testid="step-count"]').innerText()).toBe(
      `step ${graphStep![1]} / ${graphStep![2]}`,
    );
    // The inspector steps the graph: walk to the verifier's promotions with the page keys.
    await page
      .locator('body')
      .click({ position: { x: 5, y: 5 } })
      .catch(() => undefined);
    for (let i = 0; i < 200; i++) {
      const caption = await page.locator('[data-testid="step-caption"]').innerText();
      if (/promot/i.test(caption)) break;
      await page.keyboard.press('ArrowRight');
    }
    const inspectorStep = await page.locator('[data-testid="step-count"]').innerText();
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor();
    expect(await page.locator('[data-testid="graph-step-count"]').innerText()).toBe(inspectorStep);
    await expect
      .poll(() => page.locator('[data-testid="promotions-on-graph"]').innerText())
      .toMatch(/^Verifier promotions \(rank from → to\): .+ \d+→\d+/);
    expect(await page.locator('[data-testid="chain-on-graph"]').innerText()).toMatch(/^Reasoning chain: /);
    // One step back from the graph moves the inspector too.
    await page.click('[data-testid="graph-step-prev"]');
    const next = await page.locator('[data-testid="graph-step-count"]').innerText();
    expect(next).not.toBe(inspectorStep);
    await app.screenshot('graph-musique-1920-verifier');
    await page.click('[data-testid="tab-inspector"]');
    expect(await page.locator('[data-testid="step-count"]').innerText()).toBe(next);

    // GEAR on the same question: its beams' triple paths over the phrase nodes.
    await page.selectOption('[data-testid="strategy-picker"]', 'gear');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: /^gear on hipporag2/ })
      .waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 120_000 });
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="round-slider"]').fill('1');
    const beams = page.locator('[data-testid="beams-on-graph"] li');
    await expect.poll(() => beams.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await beams.first().innerText()).toMatch(/^beam 1 \(step \d+, score -?\d+\.\d{3}\): \(.+ \| .+ \| .+\)/);
    // Pointing at a beam's edge shows its score.
    const gearCanvas = page.locator('[data-testid="graph-canvas"]');
    const spots = JSON.parse((await gearCanvas.getAttribute('data-edge-tips')) ?? '[]') as {
      key: string;
      x: number;
      y: number;
    }[];
    const box = await gearCanvas.boundingBox();
    let tip = '';
    for (const s of spots) {
      await page.mouse.move(box!.x + s.x, box!.y + s.y);
      tip =
        (await page.locator('[data-testid="graph-edge-tip"]').count()) > 0
          ? await page.locator('[data-testid="graph-edge-tip"]').innerText()
          : '';
      if (tip.startsWith('beam')) break;
    }
    expect(tip).toMatch(/^beam \d · (step \d+ · )?score -?\d+\.\d{3}/);
    await app.screenshot('graph-musique-gear-1920');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.mouse.move(0, 0);
    await app.screenshot('graph-musique-gear-1280');

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
