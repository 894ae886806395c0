// Fields every question format shares (id, question text, type) and the unknown-gold error.
import type { Question } from '../types.ts';
import type { PassageLookup } from './passage-lookup.ts';
import { describe, optStr, str, type JsonObject, type RecordRef, fieldError } from './fields.ts';

export interface QuestionOptions {
  /**
   * Title-only gold (2Wiki `supporting_titles`) whose title several passages share: 'error' (the
   * default) refuses the file naming the question and title; 'all' makes every such passage gold.
   * Never happens on the shipped 2Wiki data (its corpus has no repeated title).
   */
  ambiguousTitles?: 'error' | 'all';
}

export type QuestionHead = Pick<Question, 'id' | 'question' | 'type'>;

/** `_id` (HotpotQA, 2Wiki) or `id` (MuSiQue); `fallbackId` for formats that may have none (HippoRAG's sample.json). */
export function questionHead(obj: JsonObject, at: RecordRef, fallbackId?: string): QuestionHead {
  const idField = obj['_id'] !== undefined ? '_id' : 'id';
  const raw = obj[idField];
  let id: string;
  if (raw === undefined && fallbackId !== undefined) id = fallbackId;
  else if (typeof raw === 'string' || typeof raw === 'number') id = String(raw);
  else if (raw === undefined) throw fieldError(at, '_id', 'missing; expected the question id (_id or id)');
  else throw fieldError(at, idField, `expected a string id, got ${describe(raw)}`);
  if (id === '') throw fieldError(at, idField, 'expected a non-empty question id');
  const question = str(obj, at, 'question');
  if (question.trim() === '')
    throw fieldError(at, 'question', `expected the question text, got an empty string (question "${id}")`);
  const type = optStr(obj, at, 'type');
  return type === undefined ? { id, question } : { id, question, type };
}

export const unknownGold = (at: RecordRef, field: string, questionId: string, title: string, detail: string) =>
  fieldError(at, field, `unknown gold passage for question "${questionId}": title "${title}" ${detail}`);

/** "3 passages with this title": what the corpus holds under a gold title whose text matched none. */
export function withTitle(lookup: PassageLookup, title: string): string {
  const n = lookup.byTitle(title).length;
  return `${n} passage${n === 1 ? '' : 's'} with this title`;
}

export const noGold = (at: RecordRef, field: string, questionId: string) =>
  fieldError(at, field, `expected at least one supporting passage for question "${questionId}", found none`);
