// Reads a dataset folder (one question file + one corpus file) from disk and hands the contents to the
// pure importer, which detects the formats. I/O lives here; parsing lives in src/core/ingest.
// File-system faults (a folder named corpus.json, a broken link, no permission) become ImportErrors that
// name the file; bytes are decoded strictly (decodeUtf8: a BOM is dropped, invalid UTF-8 is reported).
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Dataset } from '../core/types.ts';
import { ImportError } from '../core/errors.ts';
import { decodeUtf8, loadDataset, type SourceFile } from '../core/ingest/index.ts';
import {
  DOCUMENT_EXTENSIONS,
  formatWarning,
  isDocumentSet,
  isQuestionsFileName,
  parseDocumentQuestions,
  readDocuments,
} from '../core/documents/index.ts';
import { extensionOf } from '../core/ingest/source.ts';
import { UsageError } from './args.ts';

const READABLE = /\.(json|jsonl)$/i;

async function readSource(dir: string, name: string): Promise<SourceFile> {
  const path = join(dir, name);
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
    throw new ImportError(
      { file: path },
      e.code === 'ENOENT' ? 'cannot read it: a broken link' : `cannot read it (${e.code ?? e.message})`,
    );
  });
  if (info.isDirectory()) throw new ImportError({ file: path }, 'expected a file, but this is a folder');
  const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new ImportError({ file: path }, `cannot read it (${e.code ?? e.message})`);
  });
  return { name, text: decodeUtf8(path, bytes) };
}

export interface DatasetDirOptions {
  /** --questions: a questions file for a folder of documents. */
  questions?: string;
  /** --chunk-words: the document chunker's word budget. */
  chunkWords?: number;
  /** Where a document that could not be read (or was read with a caveat) is reported, and reading progress. */
  warn?: (line: string) => void;
  /** Stops reading a folder of documents (between files and PDF pages). */
  signal?: AbortSignal;
}

export async function readDatasetDir(dir: string, options: DatasetDirOptions = {}): Promise<Dataset> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--dataset: "${dir}" is not a folder`);
  const all = await readdir(dir);
  if (isDocumentSet(all)) return readDocumentDir(dir, all, options);
  if (options.questions !== undefined || options.chunkWords !== undefined)
    throw new UsageError(
      `--questions and --chunk-words are for a folder of documents (with .pdf, .docx or .html files); "${dir}" has none`,
    );
  const names = all.filter((n) => READABLE.test(n)).sort();
  const files = await Promise.all(names.map((name) => readSource(dir, name)));
  return loadDataset(basename(dir.replace(/\/+$/, '')), files);
}

/**
 * A folder of documents (PDF, Word, HTML, Markdown, text) through core's readers and chunker; files that
 * cannot be read are reported through `warn` and skipped. Questions: --questions, else a file in the folder
 * whose name says "question" (.txt or .jsonl), else none (typed questions only; metrics n/a).
 */
async function readDocumentDir(dir: string, names: string[], options: DatasetDirOptions): Promise<Dataset> {
  const name = basename(dir.replace(/\/+$/, ''));
  const questionsInDir = options.questions === undefined ? names.filter(isQuestionsFileName).sort() : [];
  if (questionsInDir.length > 1)
    throw new UsageError(
      `--dataset: "${dir}" has ${questionsInDir.length} questions files (${questionsInDir.join(', ')}); name one with --questions`,
    );
  const docNames = names
    .filter((n) => DOCUMENT_EXTENSIONS.has(extensionOf(n)) && !questionsInDir.includes(n))
    .filter((n) => options.questions === undefined || join(dir, n) !== join(options.questions))
    .sort();
  const files = [];
  for (const n of docNames) {
    const path = join(dir, n);
    const entry = await stat(path).catch(() => undefined);
    if (!entry?.isFile()) continue;
    files.push({ name: n, bytes: new Uint8Array(await readFile(path)) });
  }
  let lastPage = 0;
  const read = await readDocuments(files, {
    ...(options.chunkWords !== undefined ? { chunkWords: options.chunkWords } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onProgress: (p) => {
      // one line per file, and every 50 pages of a long PDF
      if (p.page === undefined) options.warn?.(`  reading ${p.file} (${p.fileIndex + 1} of ${p.files})`);
      else if (
        p.pages !== undefined &&
        p.pages >= 100 &&
        (p.page % 50 === 0 || p.page === p.pages) &&
        p.page !== lastPage
      )
        options.warn?.(`  ${p.file}: page ${p.page} / ${p.pages}`);
      lastPage = p.page ?? 0;
    },
  });
  for (const w of read.warnings) options.warn?.(`${w.skipped ? 'warning' : 'note'}: ${formatWarning(w)}`);
  const corpus = { id: name, name, passages: read.passages };
  const questionsPath =
    options.questions ?? (questionsInDir[0] !== undefined ? join(dir, questionsInDir[0]) : undefined);
  if (questionsPath === undefined) return { name, corpus, questions: [] };
  const file = await readSource('', questionsPath);
  return { name, corpus, questions: parseDocumentQuestions(file, corpus.passages) };
}
