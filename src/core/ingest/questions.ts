// Question files of every supported benchmark, detected from the first record's fields:
//   supporting_facts + context   HotpotQA (and the original 2WikiMultiHopQA release)
//   supporting_titles            2WikiMultiHopQA as shipped with HippoRAG 2
//   paragraphs | contexts        MuSiQue and HippoRAG 2's own format
//   context of [title, []] pairs HippoRAG 2's files for its other datasets (gold titles, answer a list)
// A file is a JSON array or JSON Lines (MuSiQue's upstream release is .jsonl). Every record must
// follow the detected format; any malformed record fails the whole file (nothing half-imported).
import { ImportError } from '../errors.ts';
import type { Passage, Question } from '../types.ts';
import { asObject, isObject, type JsonObject, type RecordRef, fieldError } from './fields.ts';
import { PassageLookup, type QuestionOptions } from './question-record.ts';
import { paragraphsQuestion } from './questions-paragraphs.ts';
import { contextTitlesQuestion, isTitleOnlyContext } from './questions-context-titles.ts';
import { supportingFactsQuestion } from './questions-supporting-facts.ts';
import { supportingTitlesQuestion } from './questions-supporting-titles.ts';
import { jsonRecords, type SourceFile } from './source.ts';

/** The reader of each format's records. */
const READERS = {
  supporting_facts: supportingFactsQuestion,
  supporting_titles: supportingTitlesQuestion,
  paragraphs: paragraphsQuestion,
  context_titles: contextTitlesQuestion,
};

export type QuestionFormat = keyof typeof READERS;

export function detectQuestionFormat(record: JsonObject): QuestionFormat | undefined {
  if ('supporting_facts' in record) return 'supporting_facts';
  if ('supporting_titles' in record) return 'supporting_titles';
  if ('paragraphs' in record || 'contexts' in record) return 'paragraphs';
  if (isTitleOnlyContext(record['context'])) return 'context_titles';
  return undefined;
}

export function parseQuestions(file: SourceFile, passages: Passage[], options: QuestionOptions = {}): Question[] {
  const all = jsonRecords(file, 'question records').records;
  const firstIndex = all.findIndex((r) => r !== undefined);
  if (firstIndex < 0) throw new ImportError({ file: file.name }, 'expected at least one question, the file has none');
  const first = all[firstIndex];
  const format = isObject(first) ? detectQuestionFormat(first) : undefined;
  if (format === undefined)
    throw new ImportError(
      { file: file.name, record: firstIndex },
      'unrecognised question format: expected supporting_facts + context (HotpotQA), supporting_titles (2WikiMultiHopQA), paragraphs / contexts (MuSiQue, HippoRAG) or context of [title, []] pairs (HippoRAG 2)',
    );
  const lookup = new PassageLookup(passages);
  const questions: Question[] = [];
  const seen = new Map<string, number>();
  all.forEach((value, record) => {
    if (value === undefined) return; // blank JSONL line
    const at: RecordRef = { file: file.name, record };
    const obj = asObject(value, at);
    const q = READERS[format](obj, at, lookup, options);
    const dup = seen.get(q.id);
    if (dup !== undefined)
      throw fieldError(at, 'id', `expected unique question ids, "${q.id}" already used by record ${dup}`);
    seen.set(q.id, record);
    questions.push(q);
  });
  return questions;
}
