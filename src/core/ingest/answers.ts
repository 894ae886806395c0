// Gold answers of a question record, following HippoRAG 2's get_gold_answers (main.py): the first
// present of `answer` / `gold_ans` / `reference` (a string or an array of strings), then
// `answer_aliases` (MuSiQue). Order kept (primary answer first), duplicates dropped.
import { describe, type JsonObject, type RecordRef, fieldError } from './fields.ts';

const ANSWER_FIELDS = ['answer', 'gold_ans', 'reference'] as const;

function strings(value: unknown, at: RecordRef, field: string): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) {
    return value.map((v, i) => {
      if (typeof v !== 'string') throw fieldError(at, `${field}[${i}]`, `expected a string answer, got ${describe(v)}`);
      return v;
    });
  }
  throw fieldError(at, field, `expected a string or an array of strings, got ${describe(value)}`);
}

export function answersOf(obj: JsonObject, at: RecordRef): string[] {
  const field = ANSWER_FIELDS.find((f) => obj[f] !== undefined);
  if (field === undefined)
    throw fieldError(at, 'answer', 'missing; expected the gold answer (answer, gold_ans or reference)');
  const all = strings(obj[field], at, field);
  if (obj['answer_aliases'] !== undefined) all.push(...strings(obj['answer_aliases'], at, 'answer_aliases'));
  return [...new Set(all)];
}
