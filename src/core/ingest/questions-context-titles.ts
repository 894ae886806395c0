// HippoRAG 2's own question files for its other datasets: `context` lists the gold passages as
// [title, []] pairs (titles with empty sentence lists; the text lives in the corpus file) and `answer`
// is a list. Gold is matched on title, as for `supporting_titles`; a record without an id gets its index.
import type { Question } from '../types.ts';
import { arr, describe, type JsonObject, type RecordRef, fieldError } from './fields.ts';
import { answersOf, noGold, questionHead, unknownGold, type PassageLookup } from './question-record.ts';

/** `context` of this shape: every entry [title, [...]] and every sentence list empty. */
export function isTitleOnlyContext(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && Array.isArray(e[1]) && e[1].length === 0)
  );
}

export function contextTitlesQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
  const head = questionHead(obj, at, String(at.record));
  const answers = answersOf(obj, at);
  const gold: string[] = [];
  arr(obj, at, 'context', '[title, []] pairs').forEach((entry, i) => {
    const field = `context[${i}]`;
    if (!Array.isArray(entry) || typeof entry[0] !== 'string')
      throw fieldError(at, field, `expected a [title, sentences] pair, got ${describe(entry)}`);
    const ids = lookup.byTitle(entry[0]);
    if (ids.length === 0) throw unknownGold(at, field, head.id, entry[0], 'matches no corpus passage');
    for (const id of ids) if (!gold.includes(id)) gold.push(id);
  });
  if (gold.length === 0) throw noGold(at, 'context', head.id);
  return { ...head, answers, gold };
}
