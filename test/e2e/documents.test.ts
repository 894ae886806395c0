// Your own documents in the browser: a folder of generated PDF, Word, HTML and Markdown files (and a
// corrupt PDF) with a questions file is dropped on the Library, imports with per-file progress and a
// warning naming the corrupt PDF, and a BDTR run on one of its questions shows file, section and page
// for each passage of the final context, and a passage opens in its place in the document's text.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';
import { HARBOUR_QUESTIONS, harbourFolder, makeCorruptPdf } from '../../harness/documents.ts';

describe('document import (headless Chromium)', () => {
  const session = appSession('documents');

  it('drops a folder of documents on the Library, imports it, and a BDTR run shows file, section and page', async () => {
    const files = [
      ...(await harbourFolder()),
      { name: 'broken.pdf', bytes: makeCorruptPdf() },
      { name: 'questions.jsonl', bytes: new TextEncoder().encode(HARBOUR_QUESTIONS) },
    ].map((f) => ({ name: f.name, base64: Buffer.from(f.bytes).toString('base64') }));
    const app = await session.open();
    const { page } = app;
    await page.click('[data-testid="tab-library"]');
    await page.fill('[data-testid="chunk-words"]', '120');
    // A drop as the browser makes it: a DataTransfer holding the files
    const transfer = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name));
      }
      return dt;
    }, files);
    const progress: string[] = [];
    const watch = setInterval(() => {
      void page
        .locator('[data-testid="import-stage"][data-stage="parse"]')
        .innerText()
        .then((t) => progress.push(t))
        .catch(() => undefined);
    }, 50);
    await page.dispatchEvent('[data-testid="dropzone"]', 'drop', { dataTransfer: transfer });
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 60_000 });
    clearInterval(watch);
    expect(await page.locator('[data-testid="import-done"]').innerText()).toMatch(/\d+ passages, 3 questions/);
    expect(await page.locator('[data-testid="import-warning"]').allInnerTexts()).toContainEqual(
      expect.stringMatching(/^broken\.pdf: the PDF is damaged and cannot be read .*\(skipped\)$/),
    );
    expect(progress.join('\n')).toMatch(/passages, 3 questions; \d+ file warnings?/);

    const id = await page
      .locator('[data-testid="library-row"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')).find((x) => x !== 'demo'));
    expect(id).toBeTruthy();
    await page.locator(`[data-testid="library-row"][data-id="${id}"] [data-testid="library-use"]`).click();
    await page.locator('[data-testid="corpus-status"]').filter({ hasText: /ready/ }).waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', 'q1');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    const ranked = page.locator('[data-testid="ranking"] [data-testid="ranked-passage"]');
    await ranked.first().waitFor({ timeout: 30_000 });
    const sources = await page.locator('[data-testid="ranking"] [data-testid="passage-source"]').evaluateAll((els) =>
      els.map((e) => ({
        file: e.getAttribute('data-file'),
        section: e.getAttribute('data-section'),
        pages: e.getAttribute('data-pages'),
        text: (e as HTMLElement).innerText,
      })),
    );
    expect(sources.length).toBe(await ranked.count());
    const spring = sources.find((s) => s.section === '3 Tides › 3.2 Spring tides');
    expect(spring).toMatchObject({ file: 'harbour-report.pdf', pages: '3-3' });
    expect(spring?.text).toBe('harbour-report.pdf · 3 Tides › 3.2 Spring tides · p. 3');
    for (const s of sources) expect(s.file).toMatch(/\.(pdf|docx|html|md)$/);
    // a passage opens in its place in the document's text, marked
    const springRow = ranked.filter({ has: page.locator('[data-section="3 Tides › 3.2 Spring tides"]') });
    await springRow.locator('[data-testid="open-source"]').click();
    const mark = springRow.locator('[data-testid="source-in-place"] [data-testid="source-passage"]');
    await mark.waitFor({ timeout: 30_000 });
    expect(await mark.innerText()).toBe(
      'Spring tides at Pellmouth reach 6.1 metres. The highest spring tide was measured by the engineer Ada Quillon.',
    );
    expect(await springRow.locator('[data-testid="source-in-place"]').innerText()).toMatch(
      /harbour-report\.pdf, characters [\d,]+–[\d,]+ of [\d,]+[\s\S]*3\.2 Spring tides/,
    );
    await page
      .locator('section', { has: page.locator('[data-testid="ranking"]') })
      .screenshot({ path: 'test-results/documents-final-context.png' });
    await springRow.locator('[data-testid="open-source"]').click();
    await springRow.locator('[data-testid="source-in-place"]').waitFor({ state: 'detached' });
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
