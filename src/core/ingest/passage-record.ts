// One corpus record -> Passage, shared by the JSON and JSONL importers.
import type { Passage } from '../types.ts';
import { asObject, describe, optStr, str, type RecordRef, fieldError } from './fields.ts';

/** {title, text} (plus an optional string id when allowed). Text must not be blank: a blank passage can never be retrieved. */
export function passageFromRecord(value: unknown, at: RecordRef, fallbackId: string, allowId: boolean): Passage {
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
