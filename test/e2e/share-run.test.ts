// Share and replay: run a demo question live (HippoRAG 2 backbone, BM25 seeds), export the run file,
// then in a fresh browser context (empty storage) import it and replay it: same ranking, same captions,
// passages read from the file, with no model and before any corpus is indexed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/app/trace/run-file.ts';
import { appSession } from '../support/app-session.ts';

const sel = {
  items: '[data-testid="ranking"] [data-testid="ranked-passage"]',
  title: '[data-testid="passage-title"]',
  caption: '[data-testid="step-caption"]',
};

describe('export a run and replay it elsewhere (headless Chromium)', () => {
  const session = appSession('share-replay');

  it('exports trace + passages and replays them in an empty context', async () => {
    const source = await session.chromium.openApp(session.server.url);
    const { page } = source;
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', 'demo-03');
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await page.locator(`${sel.items} ${sel.title}`).allInnerTexts())[0] ?? '', { timeout: 30_000 })
      .not.toMatch(/^p\d+$/);
    const titles = await page.locator(`${sel.items} ${sel.title}`).allInnerTexts();
    expect(await page.locator('[data-testid="run-label"]').innerText()).toContain('single on hipporag2');
    // Streamed events that arrive after the finished trace are not shown twice.
    expect(await page.locator('[data-testid="step-count"]').innerText()).toBe('step 3 / 3');
    expect(await page.locator('[data-testid="query"]').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-run"]')]);
    const path = join(mkdtempSync(join(tmpdir(), 'hopscope-share-')), download.suggestedFilename());
    await download.saveAs(path);
    const file = runFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(file.trace.retriever).toBe('hipporag2');
    expect(file.trace.question.id).toBe('demo-03');
    expect(file.passages.map((p) => p.title).slice(0, titles.length)).toEqual(expect.arrayContaining(titles));
    source.assertNoConsoleErrors();
    await source.close();

    // A new context has its own empty storage: nothing of the first session is there.
    const replay = (session.app = await session.chromium.openApp(session.server.url));
    const r = replay.page;
    await r.setViewportSize({ width: 1280, height: 720 });
    await r.setInputFiles('[data-testid="trace-file"]', path);
    await expect.poll(() => r.locator(`${sel.items} ${sel.title}`).allInnerTexts()).toEqual(titles);
    expect(await r.locator('[data-testid="run-label"]').innerText()).toContain('replayed from a run file');
    expect(await r.locator(sel.caption).innerText()).toMatch(/^the pool holds \d+ passages/);
    await r.click('[data-testid="step-prev"]');
    expect(await r.locator(sel.caption).innerText()).toMatch(/^the question query retrieves \d+ passages; top hit /);
    // Broken files are refused with the file and field named, where the input is.
    await r.setInputFiles('[data-testid="trace-file"]', {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"kind":"hopscope-run","version":1}'),
    });
    await expect
      .poll(() => r.locator('[data-testid="trace-file-error"]').innerText())
      .toMatch(/broken\.json is not a Hopscope run file: exportedAt/);

    replay.assertNoNetwork();
    replay.assertNoConsoleErrors();
  });
});
