// HTML (a saved web page, or mammoth's HTML of a Word file) to headings and paragraphs, with htmlparser2:
// one streaming parser that runs unchanged in the page's workers and in Node (the page's DOMParser does not
// exist in a worker or in Node). The main content is kept: when the page has <main> (else <article>) only
// its inside is read; navigation, headers, footers, asides, forms, scripts and styles are dropped.
import { Parser } from 'htmlparser2';
import { BlockWriter, type ReadDocument } from './types.ts';

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
