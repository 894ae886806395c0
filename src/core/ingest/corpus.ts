// One corpus from one or more files, dispatched by extension (content decides for a .json file
// that holds JSON Lines). Either one structured file (.json / .jsonl) or any number of text files:
// mixing them, or several structured files, would merge independent id spaces, so it is refused.
import { ImportError } from '../errors.ts';
import { isObject } from './fields.ts';
import { detectQuestionFormat } from './questions.ts';
import type { Passage } from '../types.ts';
import { corpusFromArray } from './corpus-json.ts';
import { corpusFromLines } from './corpus-jsonl.ts';
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
    return lines ? corpusFromLines(file, records) : corpusFromArray(file, records);
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
