// What a document reader returns: the document's text as read and its blocks (headings and paragraphs)
// in reading order, each with its character offsets in that text and, for PDF, its page. The chunker
// (chunker.ts) turns blocks into passages; readers never decide passage sizes.

/** A document file as the host read it (bytes: PDF and Word are binary; text formats are decoded by their reader). */
export interface DocumentFile {
  name: string;
  bytes: Uint8Array;
}

export type DocBlock =
  | { kind: 'heading'; level: number; text: string; start: number; end: number; page?: number }
  | { kind: 'paragraph'; text: string; start: number; end: number; page?: number };

export interface ReadDocument {
  /** Title from the document's metadata (PDF Info, HTML <title>), when it has one. */
  title?: string;
  /** The document's text as read; block offsets index into it. */
  text: string;
  blocks: DocBlock[];
  /** Pages read (PDF). */
  pages?: number;
  /** What the reader dropped or could not read, in words (repeated headers and footers, images). */
  notes?: string[];
}

/** A file that was not imported, or imported with a caveat, and why. */
export interface DocumentWarning {
  file: string;
  reason: string;
  /** true: nothing of the file was imported. */
  skipped: boolean;
}

/** Per-file progress of a folder read: `page` / `pages` while a PDF is read. */
export interface DocumentProgress {
  file: string;
  fileIndex: number;
  files: number;
  page?: number;
  pages?: number;
}

/** A reader's refusal with a reason the user can act on (encrypted, no text layer, not a PDF). */
export class DocumentReadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DocumentReadError';
  }
}

/** Builds a document text and blocks with offsets: paragraphs and headings are separated by a blank line. */
export class BlockWriter {
  private parts: string[] = [];
  private length = 0;
  readonly blocks: DocBlock[] = [];

  heading(level: number, text: string, page?: number): void {
    this.add({ kind: 'heading', level }, text, page);
  }

  paragraph(text: string, page?: number): void {
    this.add({ kind: 'paragraph' }, text, page);
  }

  private add(kind: { kind: 'heading'; level: number } | { kind: 'paragraph' }, text: string, page?: number): void {
    const t = clean(text);
    if (t === '') return;
    if (this.length > 0) {
      this.parts.push('\n\n');
      this.length += 2;
    }
    const start = this.length;
    this.parts.push(t);
    this.length += t.length;
    this.blocks.push({ ...kind, text: t, start, end: this.length, ...(page ? { page } : {}) });
  }

  get text(): string {
    return this.parts.join('');
  }
}

/** Whitespace runs (line breaks inside a paragraph included) become one space. */
export const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
