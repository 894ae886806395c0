// The corpus library in the browser: import 2WikiMultihopQA (corpus + questions) from ../shared/data
// by the file picker with per-stage progress, see it persisted in IndexedDB after a reload, use it to
// run a question, see a malformed file refused with its record named, and delete it.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

const dir = new URL('../../../shared/data/2wikimultihopqa/', import.meta.url);
const files = ['2wikimultihopqa_corpus.json', '2wikimultihopqa.json'].map((n) => fileURLToPath(new URL(n, dir)));

describe('corpus library (headless Chromium, IndexedDB)', () => {
  const session = appSession('library');

  it('imports a real corpus, keeps it across a reload, runs on it and deletes it', async () => {
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-library"]');
    // Empty state: only the built-in demo.
    expect(
      await page
        .locator('[data-testid="library-row"]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id'))),
    ).toEqual(['demo']);

    // A malformed file is refused with the file and record named, next to the import.
    await page.setInputFiles('[data-testid="import-files"]', {
      name: 'broken_corpus.json',
      mimeType: 'application/json',
      buffer: Buffer.from('[{"title":"A","text":"x"},{"title":"B"}]'),
    });
    await expect
      .poll(() => page.locator('[data-testid="import-error"]').innerText(), { timeout: 30_000 })
      .toMatch(/broken_corpus\.json, record 1/);

    await page.setInputFiles('[data-testid="import-files"]', files);
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 110_000 });
    expect(await page.locator('[data-testid="import-done"]').innerText()).toMatch(/6119 passages, 722 questions/);
    const states = await page
      .locator('[data-testid="import-stage"]')
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-stage')}:${r.getAttribute('data-state')}`));
    expect(states).toEqual([
      'parse:done',
      'bm25:done',
      'triples:done',
      'graph:done',
      'save:done',
      'backbones:done',
      'embeddings:skipped',
    ]);
    await page.screenshot({ path: 'test-results/library-import.png', fullPage: true });

    await page.reload();
    await page.click('[data-testid="tab-library"]');
    const row = page.locator('[data-testid="library-row"][data-id="2wikimultihopqa"]');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.innerText()).toMatch(/6119\s+722/);

    await row.locator('[data-testid="library-use"]').click();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /2wikimultihopqa: ready — 6119 passages/ })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', { index: 1 });
    await page.selectOption('[data-testid="strategy-picker"]', 'single'); // the full top-20 ranking, not BDTR's cut
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]').count()).toBe(20);

    await page.click('[data-testid="tab-library"]');
    await row.locator('[data-testid="library-delete"]').click();
    await row.locator('[data-testid="library-confirm-delete"]').click();
    await row.waitFor({ state: 'detached', timeout: 30_000 });
    await page.reload();
    await page.click('[data-testid="tab-library"]');
    await page.locator('[data-testid="library-row"]').first().waitFor();
    expect(await page.locator('[data-testid="library-row"]').count()).toBe(1);

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });

  it('renders passage text as text, never as HTML', async () => {
    const html = await session.chromium.openApp(session.server.url);
    try {
      const { page } = html;
      const corpus = [
        {
          title: 'Markup <b>title</b>',
          text: '<img src="x" onerror="window.__pwned = 1"> The fog lantern <script>window.__pwned = 2</script> glows.',
        },
        { title: 'Plain', text: 'Nothing to see here.' },
      ];
      await page.click('[data-testid="tab-library"]');
      await page.setInputFiles('[data-testid="import-files"]', {
        name: 'markup_corpus.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(corpus)),
      });
      await page.locator('[data-testid="import-done"]').waitFor({ timeout: 30_000 });
      await page.locator('[data-testid="library-row"][data-id="markup"] [data-testid="library-use"]').click();
      await page
        .locator('[data-testid="corpus-status"]')
        .filter({ hasText: /markup: ready/ })
        .waitFor({ timeout: 30_000 });
      await page.fill('[data-testid="question-input"]', 'fog lantern');
      await page.click('[data-testid="run-button"]');
      const first = page.locator('[data-testid="ranked-passage"]').first();
      await expect.poll(() => first.locator('[data-testid="passage-title"]').innerText()).toBe('Markup <b>title</b>');
      expect(await first.locator('.passage-text').innerText()).toContain('<img src="x" onerror="window.__pwned = 1">');
      expect(
        await page
          .locator('[data-testid="ranking"] img, [data-testid="ranking"] b, [data-testid="ranking"] script')
          .count(),
      ).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      html.assertNoNetwork();
      html.assertNoConsoleErrors();
    } finally {
      await html.close();
    }
  });
});
