// 2WikiMultiHopQA as shipped with HippoRAG 2 (`supporting_titles`, no context): gold is matched on
// title alone. When several passages share a title the match is ambiguous; QuestionOptions says
// what to do (default: refuse). Measured on the shipped data: 0 of 722 questions are affected (the
// 6,119-passage corpus repeats no title).
import { ImportError } from '../errors.ts';
import type { Question } from '../types.ts';
import { answersOf } from './answers.ts';
import { strArray, type JsonObject, type RecordRef } from './fields.ts';
import type { PassageLookup } from './passage-lookup.ts';
import { noGold, questionHead, unknownGold, type QuestionOptions } from './question-record.ts';

export function supportingTitlesQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup, options: QuestionOptions): Question {
  const head = questionHead(obj, at);
  const answers = answersOf(obj, at);
  const gold: string[] = [];
  strArray(obj, at, 'supporting_titles').forEach((title, i) => {
    const field = `supporting_titles[${i}]`;
    const ids = lookup.byTitle(title);
    if (ids.length === 0) throw unknownGold(at, field, head.id, title, 'matches no corpus passage');
    if (ids.length > 1 && (options.ambiguousTitles ?? 'error') === 'error')
      throw new ImportError(
        { ...at, field },
        `ambiguous gold for question "${head.id}": title "${title}" matches ${ids.length} passages (${ids.slice(0, 5).join(', ')}); pass ambiguousTitles: 'all' to count all as gold`,
      );
    for (const id of ids) if (!gold.includes(id)) gold.push(id);
  });
  if (gold.length === 0) throw noGold(at, 'supporting_titles', head.id);
  return { ...head, answers, gold };
}
