// A folder of documents: every format through its reader and the chunker; unreadable files are named
// with their reason and the rest imports; questions files with and without gold.
import { describe, expect, it } from 'vitest';
import { parseDocumentQuestions, passagesForGold, readDocuments } from '../../../src/core/documents/index.ts';
import {
  HARBOUR_QUESTIONS,
  harbourFolder,
  makeCorruptPdf,
  makeEncryptedPdf,
  makeScannedPdf,
} from '../../../harness/documents.ts';

const bad = async () => [
  { name: 'secret.pdf', bytes: await makeEncryptedPdf() },
  { name: 'broken.pdf', bytes: makeCorruptPdf() },
  { name: 'scan.pdf', bytes: await makeScannedPdf() },
  { name: 'photo.md', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]) },
  { name: 'latin1.txt', bytes: new Uint8Array([0x63, 0x61, 0x66, 0xe9]) },
  { name: 'empty.html', bytes: new Uint8Array() },
  { name: 'blank.md', bytes: new TextEncoder().encode('\n\n   \n') },
  { name: 'data.xlsx', bytes: new Uint8Array([1, 2, 3]) },
];

describe('readDocuments', () => {
  it('reads PDF, Word, HTML and Markdown; bad files are warnings with reasons and the rest imports', async () => {
    const progress: string[] = [];
    const read = await readDocuments([...(await harbourFolder()), ...(await bad())], {
      onProgress: (p) => progress.push(`${p.file}${p.page ? `@${p.page}` : ''}`),
    });
    expect(read.documents).toEqual(['engineers.docx', 'harbour-report.pdf', 'lighthouses.md', 'tressa.html']);
    expect(read.pages).toBe(3);
    expect(progress).toContain('harbour-report.pdf@3');
    const reasons = Object.fromEntries(read.warnings.filter((w) => w.skipped).map((w) => [w.file, w.reason]));
    expect(reasons).toEqual({
      'secret.pdf': 'the PDF is encrypted with a password',
      'broken.pdf': expect.stringMatching(/^the PDF is damaged and cannot be read/),
      'scan.pdf': 'no text layer on its 2 pages (a scan?); run OCR on it first',
      'photo.md': 'a binary file, not text (it holds NUL bytes)',
      'latin1.txt': expect.stringMatching(/^expected UTF-8 text, found an invalid byte sequence at byte offset 3/),
      'empty.html': 'the file is empty',
      'blank.md': 'no text in it (an empty document)',
      'data.xlsx': expect.stringMatching(/^not a document format this reads \(\.xlsx\)/),
    });
    const spring = read.passages.find((p) => p.title === 'Harbour report › 3 Tides › 3.2 Spring tides');
    expect(spring?.source).toMatchObject({
      file: 'harbour-report.pdf',
      section: ['3 Tides', '3.2 Spring tides'],
      pages: [3, 3],
    });
    expect(read.passages.map((p) => p.title)).toContain('Engineer biographies › Ada Quillon');
    expect(read.passages.map((p) => p.title)).toContain('Town of Tressa › History');
    expect(read.passages.map((p) => p.title)).toContain('Lighthouses › Cape Dorn');
    for (const p of read.passages) expect(p.source?.file).toBe(p.id.slice(0, p.id.indexOf('#')));
  });

  it('a folder where nothing can be read is an error that lists every reason', async () => {
    await expect(readDocuments(await bad())).rejects.toThrow(
      /no document could be read: .*secret.pdf: the PDF is encrypted/,
    );
  });

  it('is cancellable', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(readDocuments(await harbourFolder(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortedError',
    });
  });
});

describe('questions for documents', () => {
  it('jsonl: gold items by file and by file > heading path become passage ids and goldItems; no gold stays empty', async () => {
    const { passages } = await readDocuments(await harbourFolder());
    const qs = parseDocumentQuestions({ name: 'q.jsonl', text: HARBOUR_QUESTIONS }, passages);
    expect(qs).toHaveLength(3);
    const spring = passagesForGold('harbour-report.pdf > 3 Tides > 3.2 Spring tides', passages);
    expect(spring).toHaveLength(1);
    expect(qs[0]).toMatchObject({
      id: 'q1',
      answers: ['Tressa'],
      goldItems: [spring, passagesForGold('engineers.docx > Ada Quillon', passages)],
    });
    // a file names all its passages; the document title may lead the path; case and spacing do not matter
    expect(passagesForGold('harbour-report.pdf', passages).length).toBeGreaterThan(2);
    expect(passagesForGold('HARBOUR-REPORT > harbour report >  3 tides', passages)).toEqual(
      passagesForGold('harbour-report.pdf > 3 Tides', passages),
    );
    expect(qs[2]).toEqual({ id: 'q3', question: 'What does the town on the Vell live from?', answers: [], gold: [] });
  });

  it('txt: one question per line, no gold; bad lines are ImportErrors naming the line', async () => {
    const { passages } = await readDocuments(await harbourFolder());
    expect(
      parseDocumentQuestions({ name: 'q.txt', text: 'Who?\n\nWhat?\n' }, passages).map((q) => [
        q.id,
        q.question,
        q.gold,
      ]),
    ).toEqual([
      ['q1', 'Who?', []],
      ['q3', 'What?', []],
    ]);
    expect(() =>
      parseDocumentQuestions({ name: 'q.jsonl', text: '{"question": "x", "gold": ["nope.pdf"]}' }, passages),
    ).toThrow(/q.jsonl, record 0, field "gold": "nope.pdf" names no imported passage/);
    expect(() => parseDocumentQuestions({ name: 'q.jsonl', text: '{"q": 1}' }, passages)).toThrow(/field "question"/);
  });
});
