// HTML (a saved web page, or mammoth's HTML of a Word file) to headings and paragraphs, with htmlparser2:
// one streaming parser that runs unchanged in the page's workers and in Node (the page's DOMParser does not
// exist in a worker or in Node). The main content is kept: when the page has <main> (else <article>) only
// its inside is read; navigation, headers, footers, asides, forms, scripts and styles are dropped.
import { Parser } from 'htmlparser2';
import mammoth from 'mammoth';
import { BlockWriter, DocumentReadError, type ReadDocument } from './types.ts';

const tags = (names: string) => new Set(names.split(' '));

/** Elements whose content is not read, and elements that end a block. */
const SKIP = tags('script style noscript template svg iframe nav header footer aside form button select head');
const BLOCK = tags(
  'p div section li ul ol dl dt dd pre blockquote table tr figcaption figure br hr main article body address',
);
const CELL = new Set(['td', 'th']);

export function readHtml(html: string): ReadDocument {
  const out = new BlockWriter();
  // The root of the main content: <main> when the page has one, else <article>, else the whole page.
  const root = /<main[\s>]/i.test(html) ? 'main' : /<article[\s>]/i.test(html) ? 'article' : undefined;
  let inRoot = root === undefined ? 1 : 0;
  let skip = 0;
  const skipped: boolean[] = []; // per open element: did it start a skipped region
  let inTitle = false;
  let title = '';
  let heading: number | null = null;
  let buffer = '';
  const flush = () => {
    if (heading !== null) out.heading(heading, buffer);
    else out.paragraph(buffer);
    buffer = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (root !== undefined && name === root) inRoot++;
        // a <header> inside the main content holds its title; elsewhere it is the site's banner
        const skipping = SKIP.has(name) && !(name === 'header' && root !== undefined && inRoot > 0);
        skipped.push(skipping);
        if (skipping) skip++;
        if (skip > 0 || inRoot === 0) return;
        const h = /^h([1-6])$/.exec(name);
        if (h) {
          flush();
          heading = Number(h[1]);
        } else if (BLOCK.has(name)) flush();
        else if (CELL.has(name) && buffer.trim() !== '') buffer += ' | ';
      },
      ontext(text) {
        if (inTitle) title += text;
        else if (skip === 0 && inRoot > 0) buffer += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (skipped.pop()) {
          skip--;
          return;
        }
        if (skip > 0) return;
        if (inRoot > 0) {
          if (/^h[1-6]$/.test(name)) {
            flush();
            heading = null;
          } else if (BLOCK.has(name)) flush();
          else if (CELL.has(name)) buffer += ' ';
        }
        if (root !== undefined && name === root) inRoot--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  flush();
  const t = title.replace(/\s+/g, ' ').trim();
  return { ...(t ? { title: t } : {}), text: out.text, blocks: out.blocks };
}

// Word .docx through mammoth (its own browser build is picked by the bundler's "browser" field; Node reads
// the same bytes as a Buffer): mammoth maps Word's heading styles to <h1>..<h6> and paragraphs to <p>, and
// the HTML reader turns that into blocks. A Title-style paragraph becomes the document title (chunker.ts).
/** Word's Title style is the document's one top-level heading; Heading 1..5 sit below it. */
const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  ...[1, 2, 3, 4, 5].map((n) => `p[style-name='Heading ${n}'] => h${n + 1}:fresh`),
];

export async function readDocx(bytes: Uint8Array): Promise<ReadDocument> {
  // PK\x03\x04: every .docx is a zip archive
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04))
    throw new DocumentReadError('not a Word .docx file (it is not a zip archive; old binary .doc files are not read)');
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let html: string;
  let messages: { type: string; message: string }[];
  try {
    // `buffer` is what mammoth's Node entry reads, `arrayBuffer` what its browser build reads
    const input = { arrayBuffer, buffer: bytes } as unknown as { arrayBuffer: ArrayBuffer };
    const result = await mammoth.convertToHtml(input, { styleMap: STYLE_MAP });
    html = result.value;
    messages = result.messages;
  } catch (e) {
    throw new DocumentReadError(
      `cannot read it as a Word document (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`,
    );
  }
  const doc = readHtml(html);
  const errors = messages.filter((m) => m.type === 'error').map((m) => m.message);
  return errors.length ? { ...doc, notes: errors.slice(0, 3) } : doc;
}
