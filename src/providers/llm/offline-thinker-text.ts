// Text heuristics of the offline thinker (a labelled, model-free stand-in for an LLM): capitalised-
// phrase entity spotting, relation words of a question, and relation-anchored bridge candidates in
// passages. Deterministic; no model, no network.
import type { LlmRequest } from '../../core/llm/port.ts';
import { ENGLISH_STOP_WORDS } from '../../core/text/stopwords.ts';

/** Capitalised words that start sentences or questions rather than names. */
const NOT_NAMES = new Set(
  (
    'The A An In On At Of For By To From With As He She It They His Her Its Their This That These Those There ' +
    'What Which Who Whom Whose When Where Why How Is Are Was Were Did Do Does Has Have Had After Before ' +
    'During Since While Although But And Or If Both Either Neither Not Also However Born Given So Wikipedia ' +
    'Title Doc ' +
    // Sentence starters and lone month names are not entities ("Between" and "August" became bridges).
    'Between Among Nothing Every Each January February March July August September October November December'
  ).split(' '),
);
const CONNECTORS = new Set('of the de da di del la le von van der den & du y'.split(' '));

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;

export interface Token {
  text: string;
  start: number;
  /** The word ends a sentence ("Marlow." but not the initial "J." or "Jr."): a phrase never runs past it. */
  endsSentence: boolean;
}

export function words(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => {
    const word = m[0].replace(/[.'’]+$/, '');
    return { text: word, start: m.index, endsSentence: m[0].endsWith('.') && word.length > 2 };
  });
}

/**
 * `firstWordAt(text, ws)(s)` is `ws.findIndex((w) => text.startsWith(s, w.start))`, the first word where `s`
 * begins, without scanning every word for every phrase (that scan made a long passage with many names
 * quadratic: minutes for 5 MB). Word starts are bucketed by their first one to four characters; only a
 * bucket's words are checked, in order, so the answer is the same.
 */
export function firstWordAt(text: string, ws: readonly Token[]): (s: string) => number {
  const buckets = new Map<number, Map<string, number[]>>();
  const bucket = (len: number) => {
    let b = buckets.get(len);
    if (!b) {
      b = new Map();
      ws.forEach((w, i) => {
        const key = text.slice(w.start, w.start + len);
        const list = b!.get(key);
        if (list) list.push(i);
        else b!.set(key, [i]);
      });
      buckets.set(len, b);
    }
    return b;
  };
  const memo = new Map<string, number>();
  return (s) => {
    const hit = memo.get(s);
    if (hit !== undefined) return hit;
    let at = -1;
    if (s.length === 0) at = ws.length ? 0 : -1;
    else
      for (const i of bucket(Math.min(4, s.length)).get(s.slice(0, 4)) ?? [])
        if (text.startsWith(s, ws[i]!.start)) {
          at = i;
          break;
        }
    memo.set(s, at);
    return at;
  };
}

const isCap = (w: string) => /^[\p{Lu}\p{N}]/u.test(w) && !/^\d+$/.test(w);

/**
 * Nationality adjectives: alone they qualify a noun ("the 1991 American action comedy film"), they do not
 * name the entity a question is about ("American" became the anchor of every thought). "American Airlines" stays.
 */
const DEMONYMS = new Set(
  (
    'American British English Scottish Welsh Irish French German Italian Spanish Portuguese Dutch Belgian Swiss ' +
    'Austrian Swedish Norwegian Danish Finnish Icelandic Polish Czech Slovak Hungarian Romanian Bulgarian Greek ' +
    'Turkish Russian Ukrainian Serbian Croatian Canadian Mexican Brazilian Argentine Argentinian Chilean Colombian ' +
    'Peruvian Cuban Australian Zealand Chinese Japanese Korean Taiwanese Vietnamese Thai Filipino Indonesian ' +
    'Malaysian Indian Pakistani Bangladeshi Iranian Iraqi Israeli Egyptian Nigerian Kenyan African European Asian ' +
    'Soviet Roman Persian Arab Arabic Jewish Christian Catholic Muslim Hindu Latin Hispanic Scandinavian Nordic'
  ).split(' '),
);

/** A lone word that is not a name: a nationality adjective, or a common word starting a sentence ("Among"). */
const notAName = (phrase: string) =>
  !/\s/.test(phrase) && (DEMONYMS.has(phrase) || ENGLISH_STOP_WORDS.has(phrase.toLowerCase()));

/** Capitalised phrases ("Xawery Żuławski", "Bank of England"), plus quoted spans, in order of appearance. */
export function capitalisedPhrases(text: string): string[] {
  const out: string[] = [];
  for (const q of text.matchAll(/["“]([^"”]{2,80})["”]/g)) out.push(q[1]!.trim());
  const quoted = [...out];
  const ws = words(text);
  let i = 0;
  while (i < ws.length) {
    if (!isCap(ws[i]!.text) || NOT_NAMES.has(ws[i]!.text)) {
      i++;
      continue;
    }
    let j = i + 1;
    let end = i;
    while (j < ws.length && !ws[j - 1]!.endsSentence) {
      // only spaces between the words of a name: "Ione Marlow (1834–1902)" stops before the bracket
      if (!/^\s+$/.test(text.slice(ws[j - 1]!.start + ws[j - 1]!.text.length, ws[j]!.start).replace(/^[.'’]+/, '')))
        break;
      const w = ws[j]!.text;
      if (NOT_NAMES.has(w)) break;
      if (isCap(w) || /^\d+$/.test(w)) end = j;
      else if (!CONNECTORS.has(w)) break;
      j++;
    }
    // a possessive belongs to the sentence, not the name ("Mark Twain's" -> "Mark Twain")
    const phrase = text.slice(ws[i]!.start, ws[end]!.start + ws[end]!.text.length).replace(/['’]s$/, '');
    // a piece of a quoted title is not a name of its own ("I Will" of "I Will Not Say Goodbye")
    if (!notAName(phrase) && !quoted.some((q) => q !== phrase && q.includes(phrase))) out.push(phrase);
    i = end + 1;
  }
  return [...new Set(out.filter((p) => p.length > 1))];
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
export const contentWords = (text: string) =>
  words(norm(text))
    .map((w) => w.text)
    .filter((w) => !ENGLISH_STOP_WORDS.has(w) && w.length > 1);
/** Crude stem: the first 5 letters (direct ~ director ~ directed; born ~ birth do not meet, which is fine). */
export const stem = (w: string) => w.slice(0, 5);

/** Share of a phrase's content words found in `text`. */
export function coverage(phrase: string, text: string): number {
  const p = contentWords(phrase);
  if (p.length === 0) return 0;
  const t = new Set(contentWords(text));
  return p.filter((w) => t.has(w)).length / p.length;
}

export interface QuestionParts {
  entities: string[];
  /** Content words outside the entities, e.g. "mother", "director", "film". */
  relations: string[];
}

export function questionParts(question: string): QuestionParts {
  const entities = capitalisedPhrases(question);
  const inEntity = new Set(entities.flatMap(contentWords));
  const relations = [...new Set(contentWords(question).filter((w) => !inEntity.has(w)))];
  return { entities, relations };
}

export interface DocumentText {
  title: string;
  text: string;
}

/**
 * Entities in the documents that the question does not name and that no listed title already covers,
 * ranked by: near a question relation word (within 8 words before it, the "directed by X" pattern),
 * in a document about a question entity, in a higher-ranked document, mentioned in several documents.
 */
export function bridgeCandidates(
  question: QuestionParts,
  docs: readonly DocumentText[],
  known: readonly string[] = [],
): string[] {
  const relStems = new Set(question.relations.map(stem));
  const seen = [...question.entities, ...known, ...docs.map((d) => d.title)];
  // coverage(phrase, s) >= 0.6 for some seen s, with each side's content words computed once, not per pair
  const seenWords = seen.map((s) => new Set(contentWords(s)));
  const covered = (p: string[]) =>
    p.length > 0 && seenWords.some((t) => p.filter((w) => t.has(w)).length / p.length >= 0.6);
  const score = new Map<string, number>();
  docs.forEach((d, rank) => {
    const aboutQuestion = question.entities.some((e) => coverage(e, d.title) >= 0.5 || coverage(d.title, e) >= 0.5);
    const ws = words(d.text);
    const wordAt = firstWordAt(d.text, ws);
    const relAt = ws.map((w) => relStems.has(stem(norm(w.text))));
    for (const phrase of capitalisedPhrases(d.text)) {
      const pw = contentWords(phrase);
      if (covered(pw)) continue;
      const at = wordAt(phrase);
      const near = at >= 0 && relAt.slice(Math.max(0, at - 8), at).some(Boolean);
      const s = (near ? 3 : 0) + (aboutQuestion ? 2 : 0) + 1 / (rank + 1) + (pw.length > 1 ? 0.5 : 0);
      score.set(phrase, (score.get(phrase) ?? 0) + s);
    }
  });
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
}

/** What kind of answer the question asks for, from its wording (wh-word, "how many", "A or B"). */
export type AnswerKind = 'yesno' | 'choice' | 'date' | 'number' | 'person' | 'place' | 'any';

const PLACE_NOUNS =
  'village|town|city|country|state|island|islands|county|place|region|nation|province|district|port|harbour|harbor|continent|capital';

export function answerKind(question: string): AnswerKind {
  const q = question.trim().toLowerCase();
  if (choiceOptions(question).length === 2) return 'choice';
  if (/^(is|are|was|were|did|do|does|has|have|can|could)\b/.test(q)) return 'yesno';
  if (/\b(when|what year|which year|what date|in what year|what decade)\b/.test(q)) return 'date';
  if (/\bhow (many|much|old|long|tall|far)\b/.test(q)) return 'number';
  if (new RegExp(`\\bwhere\\b|\\b(which|what|in which|in what) (${PLACE_NOUNS})\\b`).test(q)) return 'place';
  if (/^(who|whom|whose)\b|^(by|with|to|for|of|from) whom\b/.test(q)) return 'person';
  return 'any';
}

/** The two options of a comparison question ("Which film came out first, A or B?"), else []. */
export function choiceOptions(question: string): string[] {
  const m =
    /,\s*([^,?]+?)\s+or\s+([^,?]+?)\s*\?*\s*$/.exec(question) ??
    /\bbetween\s+([^,?]+?)\s+and\s+([^,?]+?)\s*\?*\s*$/i.exec(question);
  return m ? [m[1]!.trim(), m[2]!.trim()] : [];
}

const DATE =
  /\b(?:\d{1,2} )?(?:January|February|March|April|May|June|July|August|September|October|November|December)?\s?\d{3,4}\b/g;
const NUMBER = /\b\d[\d,.]*\b/g;
const BEFORE_PLACE = new Set(['in', 'at', 'from', 'near', 'of', 'on']);

/**
 * Short answer spans of the wanted kind, best first: dates for "when", numbers for "how many", names of
 * two or more words for "who", names after in/at/from for "where"; near the question's relation words
 * (within 8 words before the span) and in higher-ranked documents scores more.
 */
export function answerCandidates(
  question: QuestionParts,
  docs: readonly DocumentText[],
  kind: AnswerKind = 'any',
): string[] {
  const relStems = new Set(question.relations.map(stem));
  const score = new Map<string, number>();
  docs.forEach((d, rank) => {
    const ws = words(d.text);
    const wordAt = firstWordAt(d.text, ws);
    const dates = [...d.text.matchAll(DATE)].map((m) => m[0].trim());
    const spans =
      kind === 'date'
        ? dates
        : kind === 'number'
          ? [...d.text.matchAll(NUMBER)].map((m) => m[0])
          : [...capitalisedPhrases(d.text), ...(kind === 'any' ? dates : [])];
    for (const span of spans) {
      if (question.entities.some((e) => coverage(span, e) >= 0.6)) continue;
      const at = wordAt(span.split(' ')[0]!);
      const near = at >= 0 && ws.slice(Math.max(0, at - 8), at).some((w) => relStems.has(stem(norm(w.text))));
      let fit = 0;
      if (kind === 'person' && span.split(' ').length >= 2) fit = 1.5;
      if (
        kind === 'place' &&
        at > 0 &&
        ws.slice(Math.max(0, at - 2), at).some((w) => BEFORE_PLACE.has(w.text.toLowerCase()))
      )
        fit = 1.5;
      if (kind === 'date' && /[A-Za-z]/.test(span)) fit = 0.5;
      score.set(span, (score.get(span) ?? 0) + (near ? 2 : 0) + fit + 1 / (rank + 1));
    }
  });
  return [...score.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
}

/**
 * The option a comparison question picks: by the first year in each option's passage when the question
 * asks which came first/earlier/older (smallest year) or later/younger/newer (largest), else the option
 * whose passage ranks higher.
 */
export function pickOption(question: string, options: readonly string[], docs: readonly DocumentText[]): string {
  const docOf = (o: string) => docs.findIndex((d) => coverage(o, d.title) >= 0.6);
  const yearOf = (o: string) => {
    const i = docOf(o);
    const m = i >= 0 ? /\b(1[0-9]{3}|20[0-9]{2})\b/.exec(docs[i]!.text) : null;
    return m ? Number(m[1]) : undefined;
  };
  const q = question.toLowerCase();
  const earliest = /\b(first|earlier|earliest|older|oldest|before)\b/.test(q);
  const latest = /\b(later|latest|younger|youngest|newer|newest|more recent|last|after)\b/.test(q);
  const years = options.map(yearOf);
  if ((earliest || latest) && years.every((y) => y !== undefined)) {
    const [a, b] = years as number[];
    if (a !== b) return (earliest ? a! < b! : a! > b!) ? options[0]! : options[1]!;
  }
  const ranks = options.map((o) => {
    const i = docOf(o);
    return i < 0 ? Infinity : i;
  });
  return ranks[1]! < ranks[0]! ? options[1]! : options[0]!;
}

/** Comparisons pick an option, yes/no questions say "yes", the rest take a span of the wanted kind from the top 3 documents. */
export function answerSpan(question: string, docs: readonly DocumentText[]): string | undefined {
  const kind = answerKind(question);
  if (kind === 'choice') return pickOption(question, choiceOptions(question), docs);
  if (kind === 'yesno') return 'yes';
  const q = questionParts(question);
  return answerCandidates(q, docs.slice(0, 3), kind)[0] ?? answerCandidates(q, docs.slice(0, 3))[0];
}

/** answerSpan, else the top document's title. */
export const bestAnswer = (question: string, docs: readonly DocumentText[]): string =>
  answerSpan(question, docs) ?? docs[0]?.title ?? 'unknown';

/** The text of a request's last user message. */
export const userText = (request: LlmRequest): string | undefined =>
  request.messages.findLast((m) => m.role === 'user')?.content;
