// GEAR in the built app with the offline thinker (no LLM configured): on a demo question the inspector
// shows the beams of every step (paths of triples with scores and diversity weights; a triple opens its
// passage), the gist memory growing per step with provenance, and the highlighted expansion paths; the
// triple index T is stored in IndexedDB by the first run and read back (not rebuilt) after a reload.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('GEAR in the inspector (headless Chromium, offline thinker)', () => {
  const session = appSession('gear-inspector');

  it('runs GEAR on demo-01 and shows beams, gist memory and the highlighted paths', async () => {
    const app = await session.chromium.openApp(session.server.url);
    const { page } = app;
    await page.setViewportSize({ width: 1400, height: 1100 });
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="strategy-picker"]', 'gear');
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 120_000 });

    const label = await page.locator('[data-testid="run-label"]').innerText();
    expect(label).toMatch(/^gear on bm25/);
    expect(label).toContain('offline thinker (no LLM)');
    expect(await page.locator('[data-testid="run-status"]').count()).toBe(0);

    const panel = page.locator('[data-testid="gear-panel"]');
    await panel.waitFor();
    const rounds = await panel.locator('[data-testid="gear-round"]').count();
    expect(rounds).toBeGreaterThanOrEqual(1);
    // every step has B_0 and one extension, each with kept sequences of triples
    const first = panel.locator('[data-testid="gear-round"][data-round="1"]');
    expect(await first.locator('[data-testid="gear-beam"]').count()).toBe(2);
    const seq = first.locator('[data-testid="gear-beam"][data-step="2"] [data-testid="gear-sequence"]').first();
    expect(await seq.locator('[data-testid="gear-triple"]').count()).toBe(2);
    expect(await seq.innerText()).toMatch(/^\d\.\d{3}\s*w \d\.\d{3}/);

    // the gist memory grows and says where each entry came from
    const sizes = await panel
      .locator('[data-testid="gear-memory"]')
      .evaluateAll((els) => els.map((el) => el.querySelectorAll('[data-testid="gear-memory-entry"]').length));
    expect(sizes.length).toBe(rounds);
    expect(sizes[0]).toBeGreaterThan(0);
    expect([...sizes].sort((a, b) => a - b)).toEqual(sizes);
    expect(await panel.locator('[data-testid="gear-memory-entry"]').first().innerText()).toMatch(/from .+ · query “/);

    // a triple opens its passage
    await seq.locator('[data-testid="gear-triple"]').first().click();
    expect(await panel.locator('[data-testid="gear-passage"]').innerText()).toMatch(/from \S/);

    // the expansion paths are drawn, highlighted
    expect(await panel.locator('[data-testid="gear-path-edge"]').count()).toBeGreaterThan(0);
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot('gear-inspector');
    await panel.screenshot({ path: 'test-results/gear-inspector-panel.png' }); // the panel alone, readable

    // the triple index T was built by this run and stored in IndexedDB with the corpus ...
    expect(await tripleIndexOf(page)).toBe('built and stored');
    // ... so after a reload the engine reads it instead of extracting and indexing again
    await page.reload();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="strategy-picker"]', 'gear');
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 120_000 });
    expect(await tripleIndexOf(page)).toBe('read from storage');
  });
});

/** The exported run's trace option saying where GEAR's triple index came from. */
async function tripleIndexOf(page: Page): Promise<unknown> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-run"]')]);
  const path = join(mkdtempSync(join(tmpdir(), 'hopscope-gear-')), download.suggestedFilename());
  await download.saveAs(path);
  return (JSON.parse(readFileSync(path, 'utf8')) as { trace: { options?: Record<string, unknown> } }).trace.options
    ?.tripleIndex;
}
