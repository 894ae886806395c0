// `npm run bench -- import-docs [--pages 200] [--no-browser]`: how long does importing a PDF of N pages
// take (read with pdf.js, chunk by headings, BM25, offline triples, graph), against the plain-text import
// of the same text in the same run (one .txt file of the PDF's text as read, split at blank lines)?
//  - Node: the core calls in this process (read + chunk vs text split, then the same index and graph).
//  - Browser: the built app (dist/, rebuilt when stale) in headless Debian Chromium through the Library's
//    file input (engine worker and its import pool, IndexedDB), from the file input to "import done".
// The PDF is written by pdf-lib from seeded text (harness/documents.ts); nothing is downloaded.
// The machine's load average is printed. Asserts nothing.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDocuments, readPdf } from '../src/core/documents/index.ts';
import { buildPhraseGraph } from '../src/core/graph/build.ts';
import { parseTextFiles } from '../src/core/ingest/index.ts';
import { createBm25Retriever } from '../src/core/retrievers/bm25.ts';
import { HIPPORAG2_DEFAULTS } from '../src/core/retrievers/hipporag2.ts';
import { extractTriplesOffline } from '../src/core/triples/offline-extractor.ts';
import type { Passage } from '../src/core/types.ts';
import { makePdf, type DocSection } from '../harness/documents.ts';
import { rng } from '../harness/rng.ts';
import { startAppServer } from '../harness/app-server.ts';
import { launchBrowser } from '../harness/browser.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

const NAMES = ['Pellmouth', 'Tressa', 'Cape Dorn', 'Vell', 'Ada Quillon', 'Bram Holt', 'Lisbon', 'Oster Bay'];
const NOUNS = ['harbour', 'pier', 'lighthouse', 'tide', 'ferry', 'mill', 'river', 'bridge', 'engineer', 'survey'];
const VERBS = ['built', 'measured', 'repaired', 'designed', 'surveyed', 'visited', 'described', 'extended'];

/** A report of `pages` pages: one numbered chapter per page, two subsections of seeded sentences each. */
export function reportSections(pages: number, seed = 7): DocSection[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const sentence = () =>
    `${pick(NAMES)} ${pick(VERBS)} the ${pick(NOUNS)} near ${pick(NAMES)} in ${1800 + Math.floor(r() * 200)}, and the ${pick(NOUNS)} was ${pick(VERBS)} again.`;
  const paragraph = (n: number) => Array.from({ length: n }, sentence).join(' ');
  const out: DocSection[] = [];
  for (let c = 1; c <= pages; c++) {
    out.push({ heading: `${c} ${pick(NAMES)} ${pick(NOUNS)}`, level: 1, paragraphs: [paragraph(5)] });
    out.push({ heading: `${c}.1 ${pick(NOUNS)} works`, level: 2, paragraphs: [paragraph(6), paragraph(5)] });
    out.push({ heading: `${c}.2 ${pick(NOUNS)} records`, level: 2, paragraphs: [paragraph(6)] });
  }
  return out;
}

async function indexAndGraph(passages: Passage[]): Promise<number> {
  const corpus = { id: 'bench', name: 'bench', passages };
  createBm25Retriever(passages);
  const triples = extractTriplesOffline(passages);
  buildPhraseGraph(corpus, triples, HIPPORAG2_DEFAULTS.graph);
  return passages.length;
}

function newest(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}
function ensureBuilt(): string {
  const dist = join(ROOT, 'dist');
  const sources = Math.max(
    ...['src', 'workers', 'public', 'wasm', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
      newest(join(ROOT, p)),
    ),
  );
  if (newest(join(dist, 'index.html')) < sources) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`vite build failed (${r.status})`);
  }
  return dist;
}

/** Imports one file through the Library page; ms from the file input to "import done", and the done line. */
async function browserImports(files: { name: string; buffer: Buffer }[]): Promise<{ ms: number; done: string }[]> {
  const server = await startAppServer({ root: ensureBuilt() });
  const browser = await launchBrowser();
  try {
    const { page } = await browser.openApp(server.url);
    await page.click('[data-testid="tab-library"]');
    const out: { ms: number; done: string }[] = [];
    for (const f of files) {
      const started = performance.now();
      await page.setInputFiles('[data-testid="import-files"]', {
        name: f.name,
        mimeType: 'application/octet-stream',
        buffer: f.buffer,
      });
      const done = page
        .locator('[data-testid="import-done"]')
        .filter({ hasText: new RegExp(f.name.replace(/\..*$/, '')) });
      await done.waitFor({ timeout: 600_000 });
      out.push({ ms: performance.now() - started, done: await done.innerText() });
    }
    return out;
  } finally {
    await browser.close().catch(() => undefined);
    await server.close();
  }
}

export async function main(args: string[]): Promise<void> {
  const i = args.indexOf('--pages');
  const pages = i >= 0 ? Number(args[i + 1]) : 200;
  const pdf = await makePdf({
    title: 'Bench report',
    header: 'Bench report - draft',
    pageBreaks: true,
    sections: reportSections(pages),
  });
  // the same text as plain text: the PDF's text as read (headings and paragraphs at blank lines)
  const read = await readPdf(pdf);
  const text = read.text;
  console.log(
    `PDF of ${read.pages} pages (${(pdf.length / 1e6).toFixed(1)} MB, ${text.split(/\s+/).length} words); load average (1/5/15 min): ${load()}`,
  );

  let t = performance.now();
  const txtPassages = parseTextFiles([{ name: 'bench-text.txt', text }]);
  await indexAndGraph(txtPassages);
  const nodeTxt = performance.now() - t;
  t = performance.now();
  const docs = await readDocuments([{ name: 'bench-report.pdf', bytes: pdf }]);
  const readMs = performance.now() - t;
  await indexAndGraph(docs.passages);
  const nodePdf = performance.now() - t;
  console.log('| import | passages | Node | ratio |\n|---|---|---|---|');
  console.log(`| plain text of the same text (reference) | ${txtPassages.length} | ${s(nodeTxt)} | 1.00x |`);
  console.log(
    `| PDF (read ${s(readMs)} + chunk, index, graph) | ${docs.passages.length} | ${s(nodePdf)} | ${(nodePdf / nodeTxt).toFixed(2)}x |`,
  );
  if (args.includes('--no-browser')) return;
  const [b1, b2] = await browserImports([
    { name: 'bench-text.txt', buffer: Buffer.from(text) },
    { name: 'bench-report.pdf', buffer: Buffer.from(pdf) },
  ]);
  console.log(`| browser: plain text (reference) | ${b1!.done} | ${s(b1!.ms)} | 1.00x |`);
  console.log(`| browser: PDF, ${read.pages} pages | ${b2!.done} | ${s(b2!.ms)} | ${(b2!.ms / b1!.ms).toFixed(2)}x |`);
  console.log(`load average now ${load()}`);
}
