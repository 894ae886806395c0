// Each reader on documents the test writes: PDF (pdf-lib), Word (docx), HTML and Markdown strings.
import { describe, expect, it } from 'vitest';
import {
  readDocx,
  readHtml,
  readMarkdown,
  readPdf,
  readPlainText,
  DocumentReadError,
} from '../../../src/core/documents/index.ts';
import {
  makeCorruptPdf,
  makeDocx,
  makeEncryptedPdf,
  makeHtml,
  makeMarkdown,
  makePdf,
  makeScannedPdf,
} from '../../../harness/documents.ts';

const headings = (blocks: { kind: string; text: string; level?: number }[]) =>
  blocks.filter((b) => b.kind === 'heading').map((b) => `${b.level} ${b.text}`);

describe('PDF (pdf.js)', () => {
  it('reads text per page in reading order, finds numbered headings and drops the running header and page numbers', async () => {
    const bytes = await makePdf({
      title: 'Harbour report',
      header: 'Harbour report - internal draft',
      pageBreaks: true,
      sections: [
        { heading: '1 Piers', level: 1, paragraphs: ['The north pier is made of granite. It is old.'] },
        { heading: '2 Tides', level: 1, paragraphs: ['Tides are semidiurnal.'] },
        { heading: '2.1 Spring tides', level: 2, paragraphs: ['Spring tides reach 6.1 metres.'] },
        { heading: '3 Ships', level: 1, paragraphs: ['Ferries call twice a day.', 'Freighters call weekly.'] },
      ],
    });
    const pages: number[] = [];
    const doc = await readPdf(bytes, { onPage: (p) => pages.push(p) });
    expect(doc.title).toBe('Harbour report');
    expect(doc.pages).toBe(3);
    expect(pages).toEqual([1, 2, 3]);
    expect(headings(doc.blocks)).toEqual(['1 1 Piers', '1 2 Tides', '2 2.1 Spring tides', '1 3 Ships']);
    const paras = doc.blocks.filter((b) => b.kind === 'paragraph');
    expect(paras.map((b) => [b.text, b.page])).toEqual([
      ['The north pier is made of granite. It is old.', 1],
      ['Tides are semidiurnal.', 2],
      ['Spring tides reach 6.1 metres.', 2],
      ['Ferries call twice a day.', 3],
      ['Freighters call weekly.', 3],
    ]);
    expect(doc.text).not.toContain('internal draft');
    expect(doc.text).not.toMatch(/Page \d of/);
    expect(doc.notes?.[0]).toMatch(/6 running header, footer or page-number lines dropped/);
    // offsets index the text as read
    for (const b of doc.blocks) expect(doc.text.slice(b.start, b.end)).toBe(b.text);
  });

  it('refuses an encrypted, a damaged, a scanned and a non-PDF file with a reason', async () => {
    await expect(readPdf(await makeEncryptedPdf())).rejects.toThrow(/encrypted with a password/);
    await expect(readPdf(makeCorruptPdf())).rejects.toThrow(/damaged and cannot be read/);
    await expect(readPdf(await makeScannedPdf(2))).rejects.toThrow(/no text layer on its 2 pages.*OCR/);
    await expect(readPdf(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(DocumentReadError);
  });

  it('stops between pages when cancelled', async () => {
    const bytes = await makePdf({
      pageBreaks: true,
      sections: [1, 2, 3].map((n) => ({ heading: `${n} Part`, level: 1, paragraphs: ['Text here.'] })),
    });
    const controller = new AbortController();
    const read = readPdf(bytes, { signal: controller.signal, onPage: (p) => p === 1 && controller.abort() });
    await expect(read).rejects.toMatchObject({ name: 'AbortedError' });
  });
});

describe('HTML (htmlparser2)', () => {
  it('keeps the main content with its headings and drops navigation, banner, footer, scripts and styles', () => {
    const doc = readHtml(
      makeHtml('Town of Tressa', [
        { heading: 'History', level: 1, paragraphs: ['Founded in 1540 &amp; walled.'] },
        { heading: 'Mills', level: 2, paragraphs: ['Two <em>wool</em> mills.'] },
      ]),
    );
    expect(doc.title).toBe('Town of Tressa');
    expect(headings(doc.blocks)).toEqual(['1 Town of Tressa', '2 History', '3 Mills']);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual([
      'Founded in 1540 & walled.',
      'Two wool mills.',
    ]);
    for (const gone of ['Home', 'Site banner', 'Copyright', 'script text', 'color: red'])
      expect(doc.text).not.toContain(gone);
  });

  it('reads a page without <main> whole, table cells separated', () => {
    const doc = readHtml('<body><h2>Data</h2><table><tr><td>a</td><td>b</td></tr></table><p>end</p></body>');
    expect(doc.blocks.map((b) => b.text)).toEqual(['Data', 'a | b', 'end']);
  });
});

describe('Markdown (marked)', () => {
  it('reads ATX and setext headings, lists, tables and code; inline markup as text; front matter dropped', () => {
    const doc = readMarkdown(
      '---\ntitle: x\n---\n# Notes\n\nSome *emphasis* and [a link](http://x).\n\nSection\n-------\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncode line\n```\n',
    );
    expect(headings(doc.blocks)).toEqual(['1 Notes', '2 Section']);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual([
      'Some emphasis and a link.',
      'one',
      'two',
      'a | b',
      '1 | 2',
      'code line',
    ]);
    expect(doc.text).not.toContain('title: x');
  });

  it('plain text: paragraphs at blank lines, no headings', () => {
    expect(readPlainText('a\nb\n\n\nc\r\n').blocks.map((b) => b.text)).toEqual(['a b', 'c']);
    expect(readMarkdown(makeMarkdown('T', [{ heading: 'H', level: 1, paragraphs: ['p'] }])).blocks).toHaveLength(3);
  });
});

describe('Word .docx (mammoth)', () => {
  it('maps the Title and heading styles to heading levels', async () => {
    const doc = await readDocx(
      await makeDocx('Engineers', [
        { heading: 'Ada Quillon', level: 1, paragraphs: ['Born in Tressa.'] },
        { heading: 'Training', level: 2, paragraphs: ['Lisbon.'] },
      ]),
    );
    expect(headings(doc.blocks)).toEqual(['1 Engineers', '2 Ada Quillon', '3 Training']);
    expect(doc.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text)).toEqual(['Born in Tressa.', 'Lisbon.']);
  });

  it('refuses a file that is not a zip, and a zip that is not a Word document', async () => {
    await expect(readDocx(new TextEncoder().encode('not a zip'))).rejects.toThrow(/not a Word .docx file/);
    const zipHeaderOnly = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    await expect(readDocx(zipHeaderOnly)).rejects.toThrow(/cannot read it as a Word document/);
  });
});
