// Which files a document import reads, by name only (the page decides with this before reading bytes).
import { extensionOf, stemOf } from '../ingest/source.ts';

/** Extensions read as documents; the first four make a set of files a document set. */
const DOCUMENT_ONLY_EXTENSIONS = ['pdf', 'docx', 'html', 'htm'] as const;
export const DOCUMENT_EXTENSIONS = new Set<string>([...DOCUMENT_ONLY_EXTENSIONS, 'xhtml', 'md', 'markdown', 'txt']);

/** True when the files hold at least one PDF, Word or HTML file: then every document format is read by the document readers. */
export function isDocumentSet(names: readonly string[]): boolean {
  return names.some((n) => (DOCUMENT_ONLY_EXTENSIONS as readonly string[]).includes(extensionOf(n)));
}

/** A questions file beside the documents: "questions.jsonl", "my-questions.txt" (the name says so). */
export const isQuestionsFileName = (name: string) =>
  /question/i.test(stemOf(name)) && ['txt', 'jsonl', 'json'].includes(extensionOf(name));
