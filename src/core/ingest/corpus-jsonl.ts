// JSON Lines corpus: one {id?, title, text} per line. Blank lines are skipped but still counted, so
// record indices are line indices (0-based) and a missing id is "p<line index>".
import type { Passage } from '../types.ts';
import { checkCorpus } from './corpus-checks.ts';
import { jsonLines, type SourceFile } from './source.ts';
import { passageFromRecord } from './passage-record.ts';

export function parseCorpusJsonl(file: SourceFile): Passage[] {
  return corpusFromLines(file, jsonLines(file));
}

/** `records[i]` is line i's value; holes are blank lines. */
export function corpusFromLines(file: SourceFile, records: unknown[]): Passage[] {
  const passages: Passage[] = [];
  const lineOf: number[] = [];
  records.forEach((value, i) => {
    passages.push(passageFromRecord(value, { file: file.name, record: i }, `p${i}`, true));
    lineOf.push(i);
  });
  return checkCorpus(passages, file.name, (k) => ({ file: file.name, record: lineOf[k] ?? k }));
}
