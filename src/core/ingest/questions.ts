// Question files of every supported benchmark, detected from the first record's fields:
//   supporting_facts + context   HotpotQA (and the original 2WikiMultiHopQA release)
//   supporting_titles            2WikiMultiHopQA as shipped with HippoRAG 2
//   paragraphs | contexts        MuSiQue and HippoRAG 2's own format
//   context of [title, []] pairs HippoRAG 2's files for its other datasets (gold titles, answer a list)
// A file is a JSON array or JSON Lines (MuSiQue's upstream release is .jsonl). Every record must
// follow the detected format; any malformed record fails the whole file (nothing half-imported).
import { hotpotEvidence, musiqueEvidence, titleEvidence, twoWikiEvidence } from '../eval/bridge.ts';
import { ImportError } from '../errors.ts';
import type { Passage, Question, QuestionEvidence } from '../types.ts';
import { arr, asObject, describe, fieldError, isObject, strArray, type JsonObject, type RecordRef } from './fields.ts';
import {
  answersOf,
  noGold,
  PassageLookup,
  questionHead,
  unknownGold,
  withTitle,
  type QuestionOptions,
} from './question-record.ts';
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

// HotpotQA format (also the original 2WikiMultiHopQA release): `supporting_facts` [[title, sentence
// index]] and `context` [[title, [sentences]]]. A gold passage is the context paragraph of each
// supporting title, matched on title + text because titles repeat in some corpora (HotpotQA's own
// has 2 repeated titles). The corpus text is the sentences concatenated with no separator for
// HotpotQA (HotpotQA sentences carry their leading space; all 7,387 context paragraphs of the
// shipped file match this way) and joined with " " for 2Wiki, as HippoRAG 2's get_gold_docs does;
// both are tried, in that order.
function contextOf(obj: JsonObject, at: RecordRef): Map<string, string[][]> {
  const byTitle = new Map<string, string[][]>();
  arr(obj, at, 'context', '[title, [sentences]] pairs').forEach((entry, i) => {
    const field = `context[${i}]`;
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || !Array.isArray(entry[1]))
      throw fieldError(at, field, `expected [title, [sentences]], got ${describe(entry)}`);
    const sentences = entry[1] as unknown[];
    sentences.forEach((s, k) => {
      if (typeof s !== 'string')
        throw fieldError(at, `${field}[1][${k}]`, `expected a sentence string, got ${describe(s)}`);
    });
    const title = entry[0] as string;
    byTitle.set(title, [...(byTitle.get(title) ?? []), sentences as string[]]);
  });
  return byTitle;
}

function supportingTitles(obj: JsonObject, at: RecordRef): { title: string; index: number; sentences: number[] }[] {
  const seen = new Map<string, number[]>();
  const out: { title: string; index: number; sentences: number[] }[] = [];
  arr(obj, at, 'supporting_facts', '[title, sentence index] pairs').forEach((fact, i) => {
    if (
      !Array.isArray(fact) ||
      fact.length !== 2 ||
      typeof fact[0] !== 'string' ||
      !Number.isInteger(fact[1]) ||
      (fact[1] as number) < 0
    )
      throw fieldError(at, `supporting_facts[${i}]`, `expected [title, sentence index >= 0], got ${describe(fact)}`);
    const title = fact[0] as string;
    let sentences = seen.get(title);
    if (!sentences) {
      sentences = [];
      seen.set(title, sentences);
      out.push({ title, index: i, sentences });
    }
    sentences.push(fact[1] as number);
  });
  return out;
}

function supportingFactsQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
  const head = questionHead(obj, at);
  const facts = supportingTitles(obj, at);
  const answers = answersOf(obj, at);
  const context = contextOf(obj, at);
  const gold: string[] = [];
  const hops: { title: string; passages: string[]; sentences: number[] }[] = [];
  for (const { title, index, sentences: supporting } of facts) {
    const hop = { title, passages: [] as string[], sentences: supporting };
    hops.push(hop);
    const field = `supporting_facts[${index}]`;
    const paragraphs = context.get(title);
    if (!paragraphs) throw unknownGold(at, field, head.id, title, "is not among this question's context titles");
    for (const sentences of paragraphs) {
      const id = lookup.byTitleAndText(title, sentences.join('')) ?? lookup.byTitleAndText(title, sentences.join(' '));
      if (id === undefined)
        throw unknownGold(
          at,
          field,
          head.id,
          title,
          `has no corpus passage with its context text (${withTitle(lookup, title)}, none with the same text)`,
        );
      if (!gold.includes(id)) gold.push(id);
      if (!hop.passages.includes(id)) hop.passages.push(id);
    }
  }
  if (gold.length === 0) throw noGold(at, 'supporting_facts', head.id);
  return { ...head, answers, gold, evidence: hotpotEvidence(head.question, head.type, hops) };
}

// 2WikiMultiHopQA as shipped with HippoRAG 2 (`supporting_titles`, no context): gold is matched on
// title alone. When several passages share a title the match is ambiguous; QuestionOptions says
// what to do (default: refuse). Measured on the shipped data: 0 of 722 questions are affected (the
// 6,119-passage corpus repeats no title).
function supportingTitlesQuestion(
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

// MuSiQue (`paragraphs` [{title, paragraph_text, is_supporting}]) and HippoRAG 2's own question
// format (reproduce/dataset/sample.json: {question, answer, paragraphs [{title, paragraph_text,
// is_supporting}]}, no id; main.py also reads `contexts` [{title, text, is_supporting}] and `text`
// for `paragraph_text`). Gold = supporting paragraphs matched on title + text (MuSiQue titles
// repeat: 501 repeated titles in its corpus). As in HippoRAG 2, a paragraph without
// `is_supporting` counts as supporting. Records without an id get "q<record index>".
// MuSiQue ids start with the composition shape (2hop__, 3hop1__, 4hop3__ ...): the number is `hops`
// and the whole prefix is `type`, unless the record has its own `type`.
const SHAPE = /^((\d+)hop\d*)__/;

function paragraphsQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
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

// HippoRAG 2's own question files for its other datasets: `context` lists the gold passages as
// [title, []] pairs (titles with empty sentence lists; the text lives in the corpus file) and `answer`
// is a list. Gold is matched on title, as for `supporting_titles`; a record without an id gets its index.
/** `context` of this shape: every entry [title, [...]] and every sentence list empty. */
function isTitleOnlyContext(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && Array.isArray(e[1]) && e[1].length === 0)
  );
}

function contextTitlesQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
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
