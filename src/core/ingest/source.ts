// Input files as the importers see them: a name (for messages and format detection) and the
// contents. Reading from disk or from a browser File happens in the host, never here.
import { ImportError } from '../errors.ts';
import { jsonErrorOffset } from './json-locate.ts';

export interface SourceFile {
  /** File name, e.g. "hotpotqa_corpus.json"; names the file in every error. */
  name: string;
  text: string;
  /** The raw bytes, for binary formats (PDF, Word) and documents read by src/core/documents; `text` is then "". */
  bytes?: Uint8Array;
}

/** The name without its directory, split at its last dot (a leading dot is not one). */
function nameParts(name: string): { stem: string; ext: string } {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? { stem: base.slice(0, dot), ext: base.slice(dot + 1) } : { stem: base, ext: '' };
}

/** Lower-case extension without the dot ("" when there is none). */
export const extensionOf = (name: string): string => nameParts(name).ext.toLowerCase();

/** File name without directory and extension: the title of a plain-text passage. */
export const stemOf = (name: string): string => nameParts(name).stem;

/**
 * JSON.parse with an ImportError that says where the document breaks (line, column, offset).
 * For one line of a JSONL file pass its text, record index and 1-based line number.
 */
export function parseJson(file: SourceFile, text = file.text, record?: number, firstLine = 1): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const offset = jsonErrorOffset(text);
    throw new ImportError(
      { file: file.name, record },
      `expected valid JSON, parsing failed${describeOffset(text, offset, firstLine)}: ${message}`,
    );
  }
}

/** Where `offset` is, as 1-based line (counted from `firstLine`) and column. */
function describeOffset(text: string, offset: number | undefined, firstLine: number): string {
  if (offset === undefined) return '';
  const lines = text.slice(0, offset).split('\n');
  const line = firstLine + lines.length - 1;
  const column = lines.at(-1)!.length + 1;
  return offset >= text.length
    ? ` at the end, line ${line}, column ${column} (offset ${offset}): the document is truncated`
    : ` at line ${line}, column ${column} (offset ${offset})`;
}

/**
 * Records of a JSON array or JSON Lines file. A .jsonl file is read line by line. Any other file
 * is parsed whole first; only if that fails and it starts with "{" is it read as JSON Lines (so a
 * pretty-printed object is reported as "not an array", not as a broken line). The index of each
 * record is its array index, or its 0-based line index for JSON Lines (blank lines stay holes).
 */
export function jsonRecords(file: SourceFile, what: string): { records: unknown[]; lines: boolean } {
  if (extensionOf(file.name) !== 'jsonl') {
    let whole: unknown;
    try {
      whole = JSON.parse(file.text) as unknown;
    } catch {
      // Not one JSON document: JSON Lines if it starts like one, else report where it breaks.
      if (/\S/.exec(file.text)?.[0] !== '{') parseJson(file);
      return { records: jsonLines(file), lines: true };
    }
    if (!Array.isArray(whole))
      throw new ImportError(
        { file: file.name },
        `expected a JSON array of ${what} or JSON Lines, got ${whole === null ? 'null' : typeof whole === 'object' ? 'an object' : typeof whole}`,
      );
    return { records: whole, lines: false };
  }
  return { records: jsonLines(file), lines: true };
}

/** The values of a JSON Lines file: `records[i]` is line i's value; blank lines stay holes. */
export function jsonLines(file: SourceFile): unknown[] {
  const records: unknown[] = [];
  file.text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() !== '') records[i] = parseJson(file, line, i, i + 1);
  });
  return records;
}

/**
 * Strict UTF-8 for input files, the same in the CLI and the browser: a leading byte-order mark is
 * dropped, and invalid UTF-8 is an ImportError with the byte offset (never silently replaced by U+FFFD).
 */
export function decodeUtf8(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new ImportError(
      { file: name },
      `expected UTF-8 text, found an invalid byte sequence at byte offset ${at} (0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}); save the file as UTF-8`,
    );
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) {
      const x = b[i + k];
      if (x === undefined || (x & 0xc0) !== 0x80) return i;
      // overlong / surrogate / above U+10FFFF second-byte limits
      if (
        k === 1 &&
        ((c === 0xe0 && x < 0xa0) || (c === 0xed && x > 0x9f) || (c === 0xf0 && x < 0x90) || (c === 0xf4 && x > 0x8f))
      )
        return i;
    }
    i += n + 1;
  }
  return b.length;
}

/** A leading byte-order mark is not content (files saved by Windows editors start with one). */
export const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
