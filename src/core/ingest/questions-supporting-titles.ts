// 2WikiMultiHopQA as shipped with HippoRAG 2 (`supporting_titles`, no context): gold is matched on
// title alone. When several passages share a title the match is ambiguous; QuestionOptions says
// what to do (default: refuse). Measured on the shipped data: 0 of 722 questions are affected (the
// 6,119-passage corpus repeats no title).
import { titleEvidence, twoWikiEvidence } from '../eval/bridge.ts';
import type { Question } from '../types.ts';
import { describe, strArray, type JsonObject, type RecordRef, fieldError } from './fields.ts';
import {
  answersOf,
  noGold,
  questionHead,
  unknownGold,
  type PassageLookup,
  type QuestionOptions,
} from './question-record.ts';

export function supportingTitlesQuestion(
  obj: JsonObject,
  at: RecordRef,
  lookup: PassageLookup,
  options: QuestionOptions,
): Question {
  const head = questionHead(obj, at);
  const answers = answersOf(obj, at);
  const gold: string[] = [];
  const goldTitles: { id: string; title: string }[] = [];
  strArray(obj, at, 'supporting_titles').forEach((title, i) => {
    const field = `supporting_titles[${i}]`;
    const ids = lookup.byTitle(title);
    if (ids.length === 0) throw unknownGold(at, field, head.id, title, 'matches no corpus passage');
    if (ids.length > 1 && (options.ambiguousTitles ?? 'error') === 'error')
      throw fieldError(
        at,
        field,
        `ambiguous gold for question "${head.id}": title "${title}" matches ${ids.length} passages (${ids.slice(0, 5).join(', ')}); pass ambiguousTitles: 'all' to count all as gold`,
      );
    for (const id of ids) {
      if (gold.includes(id)) continue;
      gold.push(id);
      goldTitles.push({ id, title });
    }
  });
  if (gold.length === 0) throw noGold(at, 'supporting_titles', head.id);
  const evidences = evidenceTriples(obj, at);
  const evidence = evidences
    ? twoWikiEvidence(head.question, evidences, goldTitles)
    : titleEvidence(head.question, goldTitles);
  return { ...head, answers, gold, evidence };
}

/** 2Wiki `evidences` [[subject, relation, object]], when the file has them. */
function evidenceTriples(obj: JsonObject, at: RecordRef): [string, string, string][] | undefined {
  const raw = obj['evidences'];
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw))
    throw fieldError(at, 'evidences', `expected [subject, relation, object] triples, got ${describe(raw)}`);
  return raw.map((t, i) => {
    if (!Array.isArray(t) || t.length !== 3 || t.some((x) => typeof x !== 'string'))
      throw fieldError(at, `evidences[${i}]`, `expected [subject, relation, object] strings, got ${describe(t)}`);
    return t as [string, string, string];
  });
}
