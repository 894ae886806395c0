// HippoRAG corpus JSON: [{title, text}, ...]. Ids are positional ("p0", "p1", ...) because the
// format has none; the same file always yields the same ids.
import { ImportError } from '../errors.ts';
import type { Passage } from '../types.ts';
import { checkCorpus } from './corpus-checks.ts';
import { describe } from './fields.ts';
import { parseJson, type SourceFile } from './source.ts';
import { passageFromRecord } from './passage-record.ts';

export function parseCorpusJson(file: SourceFile): Passage[] {
  return corpusFromArray(file, parseJson(file));
}

export function corpusFromArray(file: SourceFile, value: unknown): Passage[] {
  if (!Array.isArray(value))
    throw new ImportError(
      { file: file.name },
      `expected a JSON array of passages {title, text}, got ${describe(value)}`,
    );
  const passages = value.map((r, i) => passageFromRecord(r, { file: file.name, record: i }, `p${i}`, false));
  return checkCorpus(passages, file.name);
}
