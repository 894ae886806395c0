// The graph view over the tree and community backbones, in headless Chromium: the recorded demo trace,
// re-labelled as a RAPTOR run and as a GraphRAG run (pool and question unchanged), makes the engine worker
// build that backbone over the demo corpus; the view lists RAPTOR's summaries by level with the passages
// under the selected one, and colours phrases by GraphRAG community with a legend and the report on click.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

const fixture = fileURLToPath(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'hopscope-layers-'));
function relabelled(retriever: 'raptor' | 'graphrag') {
  const trace = JSON.parse(readFileSync(fixture, 'utf8')) as { retriever: string; id: string };
  const file = join(dir, `bdtr-${retriever}-demo-01.json`);
  writeFileSync(file, JSON.stringify({ ...trace, id: `${trace.id}-${retriever}`, retriever }));
  return file;
}

describe('graph view: RAPTOR tree levels and GraphRAG communities', () => {
  const session = appSession('graph-backbone-layers');

  it('RAPTOR: summaries per level above the pool; a selected summary lists its passages', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.setInputFiles('[data-testid="trace-file"]', relabelled('raptor'));
    await page.locator('[data-testid="round-timeline"]').waitFor();
    await page.click('[data-testid="tab-graph"]');
    const layers = page.locator('[data-testid="backbone-layers"][data-layers="tree"]');
    await layers.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-testid="raptor-levels"]').innerText(), { timeout: 60_000 })
      .toMatch(/level 0: \d+ passages · level 1: \d+ summaries/);
    expect(await page.locator('[data-testid="raptor-levels"]').innerText()).toContain('extractive summary (no LLM');
    const summaries = page.locator('[data-testid="raptor-summary"]');
    expect(await summaries.count()).toBeGreaterThan(0);
    await summaries.first().click();
    const details = page.locator('[data-testid="raptor-summary-details"]');
    await details.waitFor();
    // summaries by a readable name (level and cluster), not their raw ids
    expect(await details.locator('h4').innerText()).toMatch(/^RAPTOR summary, level 1 #\d+$/);
    expect(await summaries.first().innerText()).toMatch(/^RAPTOR summary, level \d+ #\d+/);
    expect(await layers.innerText()).not.toMatch(/raptor:\d+:\d+/);
    expect(await page.locator('[data-testid="raptor-summary-passage"]').count()).toBeGreaterThan(0);
    await app.screenshot('graph-raptor-levels');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });

  it('GraphRAG: a legend of the shown phrases’ communities; clicking one shows its report', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.setInputFiles('[data-testid="trace-file"]', relabelled('graphrag'));
    await page.locator('[data-testid="round-timeline"]').waitFor();
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="backbone-layers"][data-layers="communities"]').waitFor({ timeout: 60_000 });
    const entries = page.locator('[data-testid="community-entry"]');
    await expect.poll(() => entries.count(), { timeout: 60_000 }).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="graphrag-summary"]').innerText()).toContain(
      'extractive community report (no LLM',
    );
    // Legend swatches have distinct colours for the first communities.
    const colours = await entries
      .locator('.swatch')
      .evaluateAll((els) => els.slice(0, 2).map((e) => getComputedStyle(e).backgroundColor));
    expect(new Set(colours).size).toBe(2);
    // The canvas legend says what the community colours on phrases mean.
    expect(await page.locator('[data-testid="legend-communities"]').innerText()).toContain(
      'phrase in a GraphRAG community',
    );
    await entries.first().click();
    const report = page.locator('[data-testid="community-report"]');
    await report.waitFor();
    expect(await report.innerText()).toMatch(/c0\.\d+/);
    expect((await report.locator('p').innerText()).length).toBeGreaterThan(10);
    await app.screenshot('graph-graphrag-communities');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
