// MuSiQue (`paragraphs` [{title, paragraph_text, is_supporting}]) and HippoRAG 2's own question
// format (reproduce/dataset/sample.json: {question, answer, paragraphs [{title, paragraph_text,
// is_supporting}]}, no id; main.py also reads `contexts` [{title, text, is_supporting}] and `text`
// for `paragraph_text`). Gold = supporting paragraphs matched on title + text (MuSiQue titles
// repeat: 501 repeated titles in its corpus). As in HippoRAG 2, a paragraph without
// `is_supporting` counts as supporting. Records without an id get "q<record index>".
// MuSiQue ids start with the composition shape (2hop__, 3hop1__, 4hop3__ ...): the number is `hops`
// and the whole prefix is `type`, unless the record has its own `type`.
import { musiqueEvidence, titleEvidence } from '../eval/bridge.ts';
import type { Question, QuestionEvidence } from '../types.ts';
import { arr, asObject, describe, type JsonObject, type RecordRef, fieldError } from './fields.ts';
import { answersOf, noGold, questionHead, unknownGold, withTitle, type PassageLookup } from './question-record.ts';

const SHAPE = /^((\d+)hop\d*)__/;

export function paragraphsQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
  const head = questionHead(obj, at, `q${at.record}`);
  const answers = answersOf(obj, at);
  const listField = obj['contexts'] !== undefined ? 'contexts' : 'paragraphs';
  const gold: string[] = [];
  const titles = new Map<string, string>();
  /** Corpus id of each paragraph by its `idx` (MuSiQue's paragraph_support_idx refers to it). */
  const byIdx = new Map<number, string>();
  arr(obj, at, listField, '{title, paragraph_text, is_supporting}').forEach((value, i) => {
    const field = `${listField}[${i}]`;
    const p = asObject(value, at, field);
    const support = p['is_supporting'] ?? true;
    if (typeof support !== 'boolean')
      throw fieldError(at, `${field}.is_supporting`, `expected true or false, got ${describe(support)}`);
    if (!support) return;
    const title = p['title'];
    if (typeof title !== 'string')
      throw fieldError(at, `${field}.title`, `expected a string title, got ${describe(title)}`);
    const textField = p['paragraph_text'] !== undefined ? 'paragraph_text' : 'text';
    const text = p[textField];
    if (typeof text !== 'string')
      throw fieldError(
        at,
        `${field}.${textField}`,
        `expected the paragraph text (paragraph_text or text), got ${describe(text)}`,
      );
    const id = lookup.byTitleAndText(title, text);
    if (id === undefined)
      throw unknownGold(
        at,
        field,
        head.id,
        title,
        `has no corpus passage with the same text (${withTitle(lookup, title)})`,
      );
    if (!gold.includes(id)) gold.push(id);
    titles.set(id, title);
    byIdx.set(typeof p['idx'] === 'number' ? p['idx'] : i, id);
  });
  if (gold.length === 0) throw noGold(at, listField, head.id);
  const evidence =
    decomposition(obj, at, head.question, byIdx, titles) ??
    titleEvidence(
      head.question,
      gold.map((id) => ({ id, title: titles.get(id) ?? '' })),
    );
  const shape = SHAPE.exec(head.id);
  const type = head.type ?? shape?.[1];
  return {
    ...head,
    answers,
    gold,
    ...(type !== undefined ? { type } : {}),
    ...(shape ? { hops: Number(shape[2]) } : {}),
    evidence,
  };
}

/**
 * MuSiQue `question_decomposition` [{question, answer, paragraph_support_idx}]: one hop each, its
 * supporting paragraph mapped to the corpus id of the supporting paragraph with that idx. Absent
 * (HippoRAG's format) -> undefined; a hop pointing at no supporting paragraph keeps no passage.
 */
function decomposition(
  obj: JsonObject,
  at: RecordRef,
  question: string,
  byIdx: ReadonlyMap<number, string>,
  titles: ReadonlyMap<string, string>,
): QuestionEvidence | undefined {
  const raw = obj['question_decomposition'];
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw))
    throw fieldError(at, 'question_decomposition', `expected a list of hops, got ${describe(raw)}`);
  const hops = raw.map((value, i) => {
    const h = asObject(value, at, `question_decomposition[${i}]`);
    const idx = h['paragraph_support_idx'];
    const id = typeof idx === 'number' ? byIdx.get(idx) : undefined;
    return {
      passages: id === undefined ? [] : [id],
      ...(typeof h['question'] === 'string' ? { question: h['question'] } : {}),
      ...(typeof h['answer'] === 'string' ? { answer: h['answer'] } : {}),
    };
  });
  return musiqueEvidence(question, hops, (id) => titles.get(id) ?? '');
}
