// One corpus from one or more files, dispatched by extension (content decides for a .json file
// that holds JSON Lines). Either one structured file (.json / .jsonl) or any number of text files:
// mixing them, or several structured files, would merge independent id spaces, so it is refused.
// A JSON array's passages are {title, text} with positional ids ("p0", "p1", ...: the format has none,
// so the same file always yields the same ids); a JSON Lines record may carry its own id. Blank lines
// are skipped but still counted, so record indices are line indices and a missing id is "p<line index>".
import { ImportError } from '../errors.ts';
import type { Passage } from '../types.ts';
import { asObject, describe, fieldError, isObject, optStr, str, type RecordRef } from './fields.ts';
import { detectQuestionFormat } from './questions.ts';
import { extensionOf, jsonRecords, stemOf, type SourceFile } from './source.ts';

export function parseCorpus(files: SourceFile[]): Passage[] {
  if (files.length === 0)
    throw new ImportError({ file: '(no files)' }, 'expected at least one corpus file (.json, .jsonl, .txt or .md)');
  const structured: SourceFile[] = [];
  const text: SourceFile[] = [];
  for (const f of files) {
    const ext = extensionOf(f.name);
    if (ext === 'json' || ext === 'jsonl') structured.push(f);
    else if (TEXT_EXTENSIONS.has(ext)) text.push(f);
    else
      throw new ImportError(
        { file: f.name },
        `expected a corpus file with extension .json, .jsonl, .txt or .md, got "${ext || '(none)'}"`,
      );
  }
  if (structured.length > 1 || (structured.length === 1 && text.length > 0))
    throw new ImportError(
      { file: files.map((f) => f.name).join(', ') },
      'expected one .json/.jsonl corpus file or only .txt/.md files; their passage ids would collide if merged',
    );
  return structured.length === 1 ? parseStructuredOrSayQuestions(structured[0] as SourceFile) : parseTextFiles(text);
}

/**
 * A corpus array, or JSON Lines (.jsonl, or a .json file that is not one document and starts with "{").
 * A question file given alone is the most common mistake: say so instead of naming a missing corpus field.
 */
function parseStructuredOrSayQuestions(file: SourceFile): Passage[] {
  try {
    const { records, lines } = jsonRecords(file, 'passages {title, text}');
    return corpusFromRecords(file, records, lines);
  } catch (e) {
    if (!(e instanceof ImportError)) throw e;
    let first: unknown;
    try {
      first = jsonRecords(file, 'records').records.find((r) => r !== undefined);
    } catch {
      throw e;
    }
    if (isObject(first) && typeof first['question'] === 'string' && detectQuestionFormat(first) !== undefined) {
      throw new ImportError(
        { file: file.name },
        'this is a question file, not a corpus: add its corpus file (e.g. *_corpus.json) and import both together',
      );
    }
    throw e;
  }
}

/** `records[i]` is record (or line) i's value; holes are blank lines. Only JSON Lines records may carry an id. */
function corpusFromRecords(file: SourceFile, records: unknown[], lines: boolean): Passage[] {
  const passages: Passage[] = [];
  const lineOf: number[] = [];
  records.forEach((value, i) => {
    passages.push(passageFromRecord(value, { file: file.name, record: i }, `p${i}`, lines));
    lineOf.push(i);
  });
  return checkCorpus(passages, file.name, (k) => ({ file: file.name, record: lineOf[k] ?? k }));
}

/** One corpus record: {title, text} (plus an optional string id when allowed). Text must not be blank: a blank passage can never be retrieved. */
function passageFromRecord(value: unknown, at: RecordRef, fallbackId: string, allowId: boolean): Passage {
  const obj = asObject(value, at);
  const title = str(obj, at, 'title');
  const text = str(obj, at, 'text');
  if (text.trim() === '') throw fieldError(at, 'text', 'expected non-empty passage text, got only whitespace');
  if (!allowId) return { id: fallbackId, title, text };
  if (obj['id'] !== undefined && typeof obj['id'] !== 'string' && typeof obj['id'] !== 'number')
    throw fieldError(at, 'id', `expected a string or number id, got ${describe(obj['id'])}`);
  const id = typeof obj['id'] === 'number' ? String(obj['id']) : (optStr(obj, at, 'id') ?? fallbackId);
  if (id === '') throw fieldError(at, 'id', 'expected a non-empty id');
  return { id, title, text };
}

// Plain text and Markdown: one passage per paragraph block (blocks are separated by blank lines).
// Title = file name without extension, id = "<file name>#<block index>" (0-based over non-blank
// blocks). Markdown is taken as text: a heading on its own block becomes its own short passage.
const TEXT_EXTENSIONS = new Set(['txt', 'md', 'markdown']);

function blocks(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
}

export function parseTextFiles(files: SourceFile[]): Passage[] {
  if (files.length === 0) throw new ImportError({ file: '(no files)' }, 'expected at least one .txt or .md file');
  const passages: Passage[] = [];
  const origin: { file: string; record: number }[] = [];
  for (const file of files) {
    if (!TEXT_EXTENSIONS.has(extensionOf(file.name)))
      throw new ImportError(
        { file: file.name },
        `expected a .txt or .md file, got extension "${extensionOf(file.name)}"`,
      );
    const title = stemOf(file.name);
    blocks(file.text).forEach((text, i) => {
      passages.push({ id: `${file.name}#${i}`, title, text });
      origin.push({ file: file.name, record: i });
    });
  }
  const label = files.length === 1 ? (files[0] as SourceFile).name : `${files.length} text files`;
  return checkCorpus(passages, label, (k) => origin[k] ?? { file: label, record: k });
}

/** Whole-corpus invariants every importer enforces before returning: not empty, ids unique. `where(i)` says which file and record passage i came from, for the error message. */
export function checkCorpus(
  passages: Passage[],
  file: string,
  where: (i: number) => { file: string; record: number } = (record) => ({ file, record }),
): Passage[] {
  if (passages.length === 0) throw new ImportError({ file }, 'expected at least one passage, the corpus is empty');
  const seen = new Map<string, number>();
  passages.forEach((p, i) => {
    const first = seen.get(p.id);
    if (first !== undefined) {
      const a = where(first);
      throw new ImportError(
        { ...where(i), field: 'id' },
        `expected unique passage ids, "${p.id}" already used by ${a.file} record ${a.record}`,
      );
    }
    seen.set(p.id, i);
  });
  return passages;
}
