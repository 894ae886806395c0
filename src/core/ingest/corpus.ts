// One corpus from one or more files, dispatched by extension (content decides for a .json file
// that holds JSON Lines). Either one structured file (.json / .jsonl) or any number of text files:
// mixing them, or several structured files, would merge independent id spaces, so it is refused.
// A JSON array's passages are {title, text} with positional ids ("p0", "p1", ...: the format has none,
// so the same file always yields the same ids); a JSON Lines record may carry its own id. Blank lines
// are skipped but still counted, so record indices are line indices and a missing id is "p<line index>".
import { ImportError } from '../errors.ts';
import { isObject } from './fields.ts';
import { detectQuestionFormat } from './questions.ts';
import type { Passage } from '../types.ts';
import { checkCorpus } from './corpus-checks.ts';
import { passageFromRecord } from './passage-record.ts';
import { extensionOf, jsonRecords, type SourceFile } from './source.ts';
import { parseTextFiles, TEXT_EXTENSIONS } from './text-files.ts';

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
