// What every question format shares: the id, question text and type, the gold answers, the lookup of
// gold passages, and the unknown-gold errors.
import type { Passage, Question } from '../types.ts';
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

// Gold answers of a question record, following HippoRAG 2's get_gold_answers (main.py): the first
// present of `answer` / `gold_ans` / `reference` (a string or an array of strings), then
// `answer_aliases` (MuSiQue). Order kept (primary answer first), duplicates dropped.
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

// Gold evidence arrives as titles or title + text; these maps, built once per question file, turn it
// into passage ids in O(1) per lookup (a linear scan per gold title would be 10k x 742 x 2).
export class PassageLookup {
  private titles?: Map<string, string[]>;
  private titleTexts?: Map<string, string>;

  constructor(private readonly passages: readonly Passage[]) {}

  /** Ids of every passage with this exact title, in corpus order. */
  byTitle(title: string): readonly string[] {
    if (!this.titles) {
      this.titles = new Map();
      for (const p of this.passages) {
        const ids = this.titles.get(p.title);
        if (ids) ids.push(p.id);
        else this.titles.set(p.title, [p.id]);
      }
    }
    return this.titles.get(title) ?? [];
  }

  /** Id of the passage with exactly this title and text (the first, should a corpus repeat one). */
  byTitleAndText(title: string, text: string): string | undefined {
    if (!this.titleTexts) {
      this.titleTexts = new Map();
      for (const p of this.passages) {
        const key = `${p.title}\u0000${p.text}`;
        if (!this.titleTexts.has(key)) this.titleTexts.set(key, p.id);
      }
    }
    return this.titleTexts.get(`${title}\u0000${text}`);
  }
}
