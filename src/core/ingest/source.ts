// Input files as the importers see them: a name (for messages and format detection) and the
// contents. Reading from disk or from a browser File happens in the host, never here.
import { ImportError } from '../errors.ts';
import { jsonErrorOffset } from './json-locate.ts';

export interface SourceFile {
  /** File name, e.g. "hotpotqa_corpus.json"; names the file in every error. */
  name: string;
  text: string;
}

/** Lower-case extension without the dot ("" when there is none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** File name without directory and extension: the title of a plain-text passage. */
export function stemOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** 1-based line and column of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

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
    throw new ImportError({ file: file.name, record }, `expected valid JSON, parsing failed${describeOffset(text, offset, firstLine)}: ${message}`);
  }
}

function describeOffset(text: string, offset: number | undefined, firstLine: number): string {
  if (offset === undefined) return '';
  const at = lineColumn(text, offset);
  const line = at.line + firstLine - 1;
  const column = at.column;
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
  const first = /\S/.exec(file.text)?.[0];
  if (extensionOf(file.name) !== 'jsonl') {
    let whole: unknown;
    let parsed = false;
    try {
      whole = JSON.parse(file.text) as unknown;
      parsed = true;
    } catch {
      // Not one JSON document: JSON Lines if it starts like one, else report where it breaks.
      if (first !== '{') parseJson(file);
    }
    if (parsed) {
      if (!Array.isArray(whole)) throw new ImportError({ file: file.name }, `expected a JSON array of ${what} or JSON Lines, got ${whole === null ? 'null' : typeof whole === 'object' ? 'an object' : typeof whole}`);
      return { records: whole, lines: false };
    }
  }
  const records: unknown[] = [];
  file.text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() !== '') records[i] = parseJson(file, line, i, i + 1);
  });
  return { records, lines: true };
}
