// MuSiQue (`paragraphs` [{title, paragraph_text, is_supporting}]) and HippoRAG 2's own question
// format (reproduce/dataset/sample.json: {question, answer, paragraphs [{title, paragraph_text,
// is_supporting}]}, no id; main.py also reads `contexts` [{title, text, is_supporting}] and `text`
// for `paragraph_text`). Gold = supporting paragraphs matched on title + text (MuSiQue titles
// repeat: 501 repeated titles in its corpus). As in HippoRAG 2, a paragraph without
// `is_supporting` counts as supporting. Records without an id get "q<record index>".
// MuSiQue ids start with the composition shape (2hop__, 3hop1__, 4hop3__ ...): the number is `hops`
// and the whole prefix is `type`, unless the record has its own `type`.
import { ImportError } from '../errors.ts';
import type { Question } from '../types.ts';
import { answersOf } from './answers.ts';
import { arr, asObject, describe, type JsonObject, type RecordRef } from './fields.ts';
import type { PassageLookup } from './passage-lookup.ts';
import { noGold, questionHead, unknownGold } from './question-record.ts';

const SHAPE = /^((\d+)hop\d*)__/;

export function paragraphsQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
  const head = questionHead(obj, at, `q${at.record}`);
  const answers = answersOf(obj, at);
  const listField = obj['contexts'] !== undefined ? 'contexts' : 'paragraphs';
  const gold: string[] = [];
  arr(obj, at, listField, '{title, paragraph_text, is_supporting}').forEach((value, i) => {
    const field = `${listField}[${i}]`;
    const p = asObject(value, at, field);
    const support = p['is_supporting'] ?? true;
    if (typeof support !== 'boolean') throw new ImportError({ ...at, field: `${field}.is_supporting` }, `expected true or false, got ${describe(support)}`);
    if (!support) return;
    const title = p['title'];
    if (typeof title !== 'string') throw new ImportError({ ...at, field: `${field}.title` }, `expected a string title, got ${describe(title)}`);
    const textField = p['paragraph_text'] !== undefined ? 'paragraph_text' : 'text';
    const text = p[textField];
    if (typeof text !== 'string') throw new ImportError({ ...at, field: `${field}.${textField}` }, `expected the paragraph text (paragraph_text or text), got ${describe(text)}`);
    const id = lookup.byTitleAndText(title, text);
    if (id === undefined) {
      const n = lookup.byTitle(title).length;
      throw unknownGold(at, field, head.id, title, `has no corpus passage with the same text (${n} passage${n === 1 ? '' : 's'} with this title)`);
    }
    if (!gold.includes(id)) gold.push(id);
  });
  if (gold.length === 0) throw noGold(at, listField, head.id);
  const shape = SHAPE.exec(head.id);
  const type = head.type ?? shape?.[1];
  return {
    ...head,
    answers,
    gold,
    ...(type !== undefined ? { type } : {}),
    ...(shape ? { hops: Number(shape[2]) } : {}),
  };
}
