// PDF through pdf.js (pdfjs-dist's legacy build: the same module in Node and in the page's engine worker).
// pdf.js runs its parser on a "fake worker" in the calling thread (globalThis.pdfjsWorker), which is
// already a worker in the page, so no second worker file has to be served.
// Per page: text items in content-stream order (the order the producer wrote them, which is the reading
// order for single- and multi-column layouts alike) are joined into lines; a vertical gap larger than
// 1.5 line heights starts a new paragraph; a line set larger than the body text (by 15 %) and short is a
// heading, its level from its numbering ("3.2" is level 2) or else from its size rank. Lines at the top or
// bottom of a page whose text (digits ignored) repeats on at least 60 % of the pages are running headers,
// footers or page numbers and are dropped.
import { DocumentReadError, BlockWriter, clean, type ReadDocument } from './types.ts';
import { throwIfAborted } from '../errors.ts';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';

interface Line {
  text: string;
  size: number;
  y: number;
  page: number;
}

type PdfJs = typeof PdfJsModule;
let loading: Promise<PdfJs> | undefined;

/** pdf.js with its worker-side handler installed in this thread (loaded on the first PDF only). */
async function pdfjs(): Promise<PdfJs> {
  loading ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loading;
}

interface TextItemLike {
  str: string;
  transform: number[];
  height: number;
  hasEOL?: boolean;
}

/** Lines of one page in content-stream order: items on one baseline join (a space where there is a gap). */
function pageLines(items: readonly TextItemLike[], page: number): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    const y = item.transform[5] ?? 0;
    const size = Math.abs(item.transform[3] ?? item.height) || item.height;
    if (item.str === '') {
      if (item.hasEOL && current) current = null;
      continue;
    }
    if (current && Math.abs(current.y - y) < Math.max(1, size * 0.3)) {
      const glue = /\s$/.test(current.text) || /^\s/.test(item.str) ? '' : ' ';
      current.text += glue + item.str;
      current.size = Math.max(current.size, size);
    } else {
      current = { text: item.str, size, y, page };
      lines.push(current);
    }
    if (item.hasEOL) current = null;
  }
  for (const l of lines) l.text = clean(l.text);
  return lines.filter((l) => l.text !== '');
}

const shape = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Keys of the top and bottom lines that repeat on most pages (running headers, footers, page numbers). */
function runningLines(pages: readonly Line[][]): Set<string> {
  const edge = 2;
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set<string>();
    const sorted = [...lines].sort((a, b) => b.y - a.y);
    for (const l of [...sorted.slice(0, edge), ...sorted.slice(-edge)]) seen.add(shape(l.text));
    for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  // n counts pages, so fewer than 3 pages never repeat a line enough
  const min = Math.max(3, Math.ceil(pages.length * 0.6));
  return new Set([...counts].filter(([, n]) => n >= min).map(([k]) => k));
}

/** The body text size: the size that carries the most characters. */
function bodySize(lines: readonly Line[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) {
    const s = Math.round(l.size * 2) / 2;
    chars.set(s, (chars.get(s) ?? 0) + l.text.length);
  }
  return [...chars].reduce((best, x) => (x[1] > best[1] ? x : best), [0, -1])[0];
}

const isHeadingLike = (text: string) =>
  text.split(' ').length <= 14 && !/[.,;:]$/.test(text) && /\p{L}/u.test(text) && !/^\d+$/.test(text);

export async function readPdf(
  bytes: Uint8Array,
  options: { signal?: AbortSignal; onPage?: (page: number, pages: number) => void } = {},
): Promise<ReadDocument> {
  if (!(bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46))
    throw new DocumentReadError('not a PDF file (it does not start with "%PDF")');
  const lib = await pdfjs();
  // pdf.js may detach the buffer it is given: it gets a copy
  const task = lib.getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0, stopAtErrors: false });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    const name = e instanceof Error ? e.name : '';
    if (name === 'PasswordException') throw new DocumentReadError('the PDF is encrypted with a password');
    throw new DocumentReadError(
      `the PDF is damaged and cannot be read (${e instanceof Error ? e.message : String(e)})`,
    );
  }
  try {
    const pages: Line[][] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      throwIfAborted(options.signal, 'documents');
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      pages.push(pageLines(content.items as TextItemLike[], p));
      page.cleanup();
      options.onPage?.(p, doc.numPages);
    }
    const all = pages.flat();
    if (all.length === 0)
      throw new DocumentReadError(
        `no text layer on its ${doc.numPages} page${doc.numPages === 1 ? '' : 's'} (a scan?); run OCR on it first`,
      );
    const running = runningLines(pages);
    const body = bodySize(all);
    const headingSizes = [
      ...new Set(all.filter((l) => l.size > body * 1.15 && isHeadingLike(l.text)).map((l) => Math.round(l.size))),
    ].sort((a, b) => b - a);
    const out = new BlockWriter();
    let dropped = 0;
    let para: string[] = [];
    let paraPage = 1;
    const flush = () => {
      if (para.length) out.paragraph(para.join(' '), paraPage);
      para = [];
    };
    for (const lines of pages) {
      flush(); // a paragraph does not run across a page break: each block keeps one page
      let prev: Line | null = null;
      for (const line of lines) {
        if (running.has(shape(line.text))) {
          dropped++;
          continue;
        }
        if (line.size > body * 1.15 && isHeadingLike(line.text)) {
          flush();
          const numbered = /^(\d+(?:\.\d+)*)\.?\s+\p{L}/u.exec(line.text);
          const level = numbered
            ? numbered[1]!.split('.').length
            : Math.min(6, headingSizes.indexOf(Math.round(line.size)) + 1 || 1);
          out.heading(level, line.text, line.page);
          prev = null;
          continue;
        }
        const gap = prev ? prev.y - line.y : 0;
        if (prev && (gap > line.size * 1.5 || gap < 0)) flush();
        if (para.length && /\p{L}-$/u.test(para[para.length - 1]!) && /^\p{Ll}/u.test(line.text))
          para[para.length - 1] = para[para.length - 1]!.slice(0, -1) + line.text; // a word hyphenated at the line end
        else {
          if (!para.length) paraPage = line.page;
          para.push(line.text);
        }
        prev = line;
      }
    }
    flush();
    const info = (await doc.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
    const title = typeof info?.Title === 'string' ? info.Title.trim() : '';
    return {
      ...(title ? { title } : {}),
      text: out.text,
      blocks: out.blocks,
      pages: doc.numPages,
      ...(dropped ? { notes: [`${dropped} running header, footer or page-number lines dropped`] } : {}),
    };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
