// The graph view on the recorded BDTR trace: the engine worker builds the demo's HippoRAG 2 graph
// (offline-extractor triples), the subgraph around the question and its pool is drawn by sigma, the
// round slider replays the pool growing, and a selected node shows its passage with provenance.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../../src/core/trace/load.ts';
import { appSession } from '../support/app-session.ts';

const fixture = fileURLToPath(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url));
const trace = loadTrace(JSON.parse(readFileSync(fixture, 'utf8')));
const corpus = JSON.parse(readFileSync(new URL('../../public/demo/demo_corpus.json', import.meta.url), 'utf8')) as {
  title: string;
  text: string;
}[];
const pools = trace.events.filter((e) => e.type === 'pool');
const round0 = pools.find((p) => p.round === 0);
const everPooled = new Set(pools.flatMap((p) => (p.type === 'pool' ? p.pool.map((x) => x.id) : [])));

describe('graph view (sigma in headless Chromium)', () => {
  const session = appSession('graph-view');

  it('draws the question graph, replays the pool by round and shows a node with its provenance', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.setInputFiles('[data-testid="trace-file"]', fixture);
    await page.locator('[data-testid="round-timeline"]').waitFor();
    await page.click('[data-testid="tab-graph"]');

    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="graph-canvas"] canvas').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('[data-testid="graph-stats"]').innerText()).toMatch(/^\d+ nodes, \d+ edges/);
    // HippoRAG 2 as published: the phrases of the question's retrieved facts seed PPR, and the view says how.
    // The lexical fact scorer is named as the stand-in it is (no embedder in the demo).
    expect(await page.locator('[data-testid="graph-stats"]').innerText()).toMatch(
      /PPR seeds \(retrieved facts, scored by BM25 over triple strings \(no embedder: lexical stand-in[^)]*\)\): [^.]*fog lantern/,
    );

    // Every passage that was ever in the pool is listed (by PPR mass) and counted at "all rounds".
    expect(await page.locator('[data-testid="graph-node-button"]').count()).toBe(everPooled.size);
    expect(await page.locator('[data-testid="graph-pool-count"]').innerText()).toBe(String(everPooled.size));

    // Slider to round 0: only the question's own retrieval is in the pool; later passages are disabled.
    await page.locator('[data-testid="round-slider"]').fill('0');
    expect(await page.locator('[data-testid="graph-pool-count"]').innerText()).toBe(
      String(round0?.type === 'pool' ? round0.pool.length : -1),
    );
    const bridge = page.locator('[data-testid="graph-node-button"]', { hasText: 'Ione Marlow' });
    expect(await bridge.isDisabled()).toBe(true);

    // Back to all rounds; select the bridge passage by keyboard and read it.
    await page.locator('[data-testid="round-slider"]').fill(String(Math.max(...pools.map((p) => p.round)) + 1));
    await bridge.focus();
    await page.keyboard.press('Enter');
    const details = page.locator('[data-testid="node-details"]');
    await expect.poll(() => details.innerText()).toContain('entered the pool in round 1');
    const marlow = corpus.find((p) => p.title === 'Ione Marlow');
    expect(await details.innerText()).toContain(marlow?.text.slice(0, 60));
    expect(await details.innerText()).toContain('GOLD');

    // Clicking on the canvas: empty space clears the selection; a node selects it. The layout is
    // deterministic, so scanning a grid over the visible part finds a node within a few dozen clicks.
    const canvas = page.locator('[data-testid="graph-canvas"]');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('graph canvas has no box');
    await page.mouse.click(box.x + 3, box.y + 3);
    await details.waitFor({ state: 'detached', timeout: 5_000 });
    let hit = false;
    for (let y = 10; y < Math.min(box.height, 720 - box.y) && !hit; y += 12) {
      for (let x = 10; x < box.width && !hit; x += 12) {
        await page.mouse.click(box.x + x, box.y + y);
        hit = (await details.count()) > 0;
      }
    }
    expect(hit).toBe(true);
    expect(await details.innerText()).toMatch(/passage p\d+|phrase · mentioned by/);

    // Leaving the view kills the renderer; coming back draws again without errors.
    await page.click('[data-testid="tab-inspector"]');
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor();

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
