// Public surface of the document import: readers (PDF, Word, HTML, Markdown, text), the structure-aware
// chunker and questions files with or without gold. Hosts supply bytes; nothing here reads files.
export type { DocumentProgress, ReadDocument } from './types.ts';
export { DocumentReadError } from './types.ts';
export { chunkDocument, sentences } from './chunker.ts';
export { readDocuments, formatWarning, sourceExcerpt } from './read.ts';
export { isDocumentSet, isQuestionsFileName, DOCUMENT_EXTENSIONS } from './names.ts';
export { parseDocumentQuestions, passagesForGold } from './questions.ts';
export { readPdf } from './pdf.ts';
export { readDocx, readHtml } from './html.ts';
export { readMarkdown, readPlainText } from './markdown.ts';
