// A folder of documents to passages: each file through its reader (PDF, Word, HTML, Markdown, text), then
// the chunker. A file that cannot be read (encrypted or damaged PDF, a PDF without a text layer, a binary
// file with a text extension, an empty document, an unknown format) is named in a warning with its reason
// and the rest of the folder is imported; only a folder where nothing could be read is an error.
import { AbortedError, ImportError, throwIfAborted } from '../errors.ts';
import { checkCorpus } from '../ingest/corpus.ts';
import { decodeUtf8, extensionOf, stemOf, withoutBom } from '../ingest/source.ts';
import { DOCUMENT_EXTENSIONS } from './names.ts';
import type { Passage } from '../types.ts';
import { chunkDocument, type ChunkOptions } from './chunker.ts';
import { readDocx, readHtml } from './html.ts';
import { readMarkdown, readPlainText } from './markdown.ts';
import { readPdf } from './pdf.ts';
import {
  DocumentReadError,
  type DocumentFile,
  type DocumentProgress,
  type DocumentWarning,
  type ReadDocument,
} from './types.ts';

export interface ReadDocumentsOptions extends ChunkOptions {
  signal?: AbortSignal;
  onProgress?: (p: DocumentProgress) => void;
}

/** Text of a text-format file: strict UTF-8, and no NUL bytes (a binary file under a text extension). */
function textOf(file: DocumentFile): string {
  if (file.bytes.includes(0)) throw new DocumentReadError('a binary file, not text (it holds NUL bytes)');
  try {
    return withoutBom(decodeUtf8(file.name, file.bytes));
  } catch (e) {
    throw new DocumentReadError(e instanceof ImportError ? e.expected : String(e));
  }
}

/** Readers of the text formats, by extension. */
const TEXT_READERS = new Map<string, (text: string) => ReadDocument>([
  ['html', readHtml],
  ['htm', readHtml],
  ['xhtml', readHtml],
  ['md', readMarkdown],
  ['markdown', readMarkdown],
  ['txt', readPlainText],
]);

async function readOne(
  file: DocumentFile,
  signal: AbortSignal | undefined,
  onPage: (p: number, n: number) => void,
): Promise<ReadDocument> {
  const ext = extensionOf(file.name);
  if (ext === 'pdf') return readPdf(file.bytes, { signal, onPage });
  if (ext === 'docx') return readDocx(file.bytes);
  const read = TEXT_READERS.get(ext);
  if (read) return read(textOf(file));
  throw new DocumentReadError(
    `not a document format this reads (.${ext || '(none)'}); it reads ${[...DOCUMENT_EXTENSIONS].map((e) => `.${e}`).join(', ')}`,
  );
}

export async function readDocuments(files: readonly DocumentFile[], options: ReadDocumentsOptions = {}) {
  const passages: Passage[] = [];
  const warnings: DocumentWarning[] = [];
  const documents: string[] = []; // the files that gave passages
  let pages = 0; // read from PDFs
  const texts: Record<string, string> = {}; // file name -> its text as read: passage offsets index into it
  const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name));
  for (const [i, file] of sorted.entries()) {
    throwIfAborted(options.signal, 'documents');
    const progress = { file: file.name, fileIndex: i, files: sorted.length };
    options.onProgress?.(progress);
    let doc: ReadDocument;
    try {
      if (file.bytes.length === 0) throw new DocumentReadError('the file is empty');
      doc = await readOne(file, options.signal, (page, n) => options.onProgress?.({ ...progress, page, pages: n }));
    } catch (e) {
      if (e instanceof AbortedError) throw e;
      const reason =
        e instanceof DocumentReadError ? e.message : `cannot read it (${e instanceof Error ? e.message : String(e)})`;
      warnings.push({ file: file.name, reason, skipped: true });
      continue;
    }
    pages += doc.pages ?? 0;
    const chunks = chunkDocument(doc, file.name, stemOf(file.name), options);
    if (chunks.length === 0) {
      warnings.push({ file: file.name, reason: 'no text in it (an empty document)', skipped: true });
      continue;
    }
    for (const note of doc.notes ?? []) warnings.push({ file: file.name, reason: note, skipped: false });
    passages.push(...chunks);
    documents.push(file.name);
    texts[file.name] = doc.text;
  }
  if (passages.length === 0)
    throw new ImportError(
      { file: files.length === 1 ? files[0]!.name : `${files.length} files` },
      `no document could be read: ${warnings.map((w) => `${w.file}: ${w.reason}`).join('; ') || 'no files'}`,
    );
  return { passages: checkCorpus(passages, `${documents.length} documents`), warnings, documents, pages, texts };
}

/** "report.pdf: the PDF is encrypted with a password (skipped)" */
export const formatWarning = (w: DocumentWarning) => `${w.file}: ${w.reason}${w.skipped ? ' (skipped)' : ''}`;

/** A passage in its place: the document text around it (up to `context` characters each side, cut at white space). */
export interface SourceExcerpt {
  file: string;
  before: string;
  passage: string;
  after: string;
  /** The passage's offsets in the document text, and that text's length. */
  start: number;
  end: number;
  length: number;
}

export function sourceExcerpt(text: string, file: string, start: number, end: number, context = 1200): SourceExcerpt {
  const from = Math.max(0, start - context);
  const to = Math.min(text.length, end + context);
  const cutStart = from === 0 ? 0 : text.indexOf(' ', from) + 1 || from;
  const cutEnd = to === text.length ? to : text.lastIndexOf(' ', to) > end ? text.lastIndexOf(' ', to) : to;
  return {
    file,
    before: (cutStart > 0 ? '… ' : '') + text.slice(cutStart, start),
    passage: text.slice(start, end),
    after: text.slice(end, cutEnd) + (cutEnd < text.length ? ' …' : ''),
    start,
    end,
    length: text.length,
  };
}
