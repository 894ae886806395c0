// The library's document import in the engine (the page's path, without the page): a set of generated
// PDF, Word, HTML and Markdown files with a questions file and bad files imports, names the bad files in
// the entry's warnings, reports per-page progress, keeps each passage's source through storage (Dexie on
// fake-indexeddb) and is cancellable.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Stores } from '../../src/core/persist/ports.ts';
import type { ImportProgress } from '../../src/engine/engine-api.ts';
import { documentsKey, importFiles, openStored } from '../../src/engine/library.ts';
import { sourceExcerpt } from '../../src/core/documents/index.ts';
import { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { HARBOUR_QUESTIONS, harbourFolder, makeEncryptedPdf } from '../../harness/documents.ts';

const backends: Record<string, () => Promise<Stores>> = {
  'Dexie (fake-indexeddb)': async () =>
    createDexieStores(new HopscopeDb('hopscope-documents-test', { indexedDB: new IDBFactory(), IDBKeyRange })),
};

async function files() {
  const enc = new TextEncoder();
  return [
    ...(await harbourFolder()),
    { name: 'minutes.pdf', bytes: await makeEncryptedPdf() },
    { name: 'questions.jsonl', bytes: enc.encode(HARBOUR_QUESTIONS) },
  ].map((f) => ({ name: f.name, text: '', bytes: f.bytes }));
}

describe.each(Object.keys(backends))('document import into the library, %s', (backend) => {
  it('imports the readable documents and questions, warns about the encrypted PDF, and keeps sources across a reopen', async () => {
    const stores = await backends[backend]!();
    const progress: ImportProgress[] = [];
    const done = await importFiles(
      stores,
      await files(),
      (p) => progress.push(p),
      new AbortController().signal,
      undefined,
      {
        chunkWords: 80,
        name: 'harbour docs',
      },
    );
    expect(done.entry).toMatchObject({ id: 'harbour-docs', questionCount: 3 });
    expect(done.entry.warnings).toEqual([
      'harbour-report.pdf: 6 running header, footer or page-number lines dropped',
      'minutes.pdf: the PDF is encrypted with a password (skipped)',
    ]);
    expect(progress.map((p) => p.detail)).toContain('harbour-report.pdf: page 3 / 3 (file 2 of 5)');
    const parsed = progress.filter((p) => p.stage === 'parse' && p.state === 'running').map((p) => p.fraction);
    expect(parsed).toEqual([...parsed].sort((a, b) => a - b)); // progress only moves forward

    const opened = await openStored(stores, 'harbour-docs');
    const spring = opened.dataset.corpus.passages.find((p) => p.title.endsWith('3.2 Spring tides'));
    expect(spring?.source).toEqual(done.dataset.corpus.passages.find((p) => p.id === spring?.id)?.source);
    expect(spring?.source).toMatchObject({ file: 'harbour-report.pdf', pages: [3, 3] });
    expect(opened.dataset.questions[0]?.goldItems).toHaveLength(2);
    // the document text is stored: the passage's offsets find it in place
    const texts = (await stores.settings.getSetting<Record<string, string>>(documentsKey('harbour-docs')))!;
    const { start, end } = spring!.source!;
    expect(texts['harbour-report.pdf']!.slice(start, end)).toBe(spring!.text);
    const excerpt = sourceExcerpt(texts['harbour-report.pdf']!, 'harbour-report.pdf', start, end, 40);
    expect(excerpt.passage).toBe(spring!.text);
    expect(excerpt.before).toMatch(/^… .*3\.2 Spring tides\n\n$/s);
    expect(Object.keys(texts).sort()).toEqual([
      'engineers.docx',
      'harbour-report.pdf',
      'lighthouses.md',
      'tressa.html',
    ]);
  });

  it('a cancel while reading stops the import and stores nothing', async () => {
    const stores = await backends[backend]!();
    const controller = new AbortController();
    const run = importFiles(
      stores,
      await files(),
      (p) => p.detail.includes('page 1 /') && controller.abort(),
      controller.signal,
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortedError' });
    expect(await stores.corpora.listCorpora()).toEqual([]);
  });
});
