// The offline extractor: triples without any language model, labelled as such wherever it shows.
// Entities come from the bundled wink-nlp English model (wink-eng-lite-web-model, runs in Node and the
// browser): a heuristic chunker over its part-of-speech tags takes maximal runs of proper nouns (PROPN),
// allowing "of"/"the"/"de"… between two proper nouns ("University of Copenhagen"), plus the model's own
// DATE / CARDINAL / MONEY / PERCENT entities that do not overlap such a run. Triples are entity pairs that
// co-occur within one sentence; the predicate is the verbs between them, or "co-occurs with". The passage
// title counts as an entity of every sentence (a passage is about its title), also a labelled heuristic.
import winkNLP, { type ItemSentence } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { throwIfAborted } from '../errors.ts';
import type { Passage } from '../types.ts';
import type { PassageTriples, Triple, TripleSet } from './types.ts';

/** Cap on entities per sentence, so a list-like sentence does not add hundreds of pairs. */
const MAX_ENTITIES_PER_SENTENCE = 12;
/** wink entity types kept besides proper-noun runs. */
const ENTITY_TYPES: readonly string[] = ['DATE', 'CARDINAL', 'MONEY', 'PERCENT'];

type Nlp = ReturnType<typeof winkNLP>;
/** The part of wink's core model that grows as documents are read: out-of-vocabulary words are added to it. */
interface WinkLexeme {
  hash: Record<string, number>;
  list: string[];
  index: number;
}
let nlpInstance: { nlp: Nlp; lexeme: () => WinkLexeme | undefined } | undefined;
function nlp(): Nlp {
  // Loading the model takes ~100 ms (and wink cannot load it twice in one process); do it once per thread.
  // Only the annotations the extractor reads (sentences, POS, entities): negation, sentiment and custom
  // entities cost time and change nothing here (the triples are byte-identical without them).
  if (!nlpInstance) {
    let core: { features: { lexeme: WinkLexeme } } | undefined;
    const m = model as unknown as Record<string, unknown> & { core: () => typeof core };
    const watched = { ...m, core: () => (core = m.core()) };
    nlpInstance = {
      nlp: winkNLP(watched as unknown as typeof model, ['sbd', 'pos', 'ner']),
      lexeme: () => core?.features.lexeme,
    };
  }
  return nlpInstance.nlp;
}

/**
 * Reads one text as a fresh wink instance would. wink adds every out-of-vocabulary word of a document to
 * its lexicon, and its tokenizer keeps a chunk whole when the lexicon holds it ("Ii's" stays one token
 * once seen, otherwise "'s" splits off), so entities depended on every text read before in the process
 * (BDTR's results changed when IRCoT ran first in the same batch). After the document is read, the words
 * it added are unhashed again (kept in the list, so indices and wink's per-word feature table stay aligned).
 */
function readFresh<T>(text: string, read: (doc: ReturnType<Nlp['readDoc']>) => T): T {
  const n = nlp();
  const lexeme = nlpInstance!.lexeme();
  const before = lexeme?.index ?? 0;
  try {
    return read(n.readDoc(text));
  } finally {
    if (lexeme)
      for (let i = before; i < lexeme.index; i++)
        if (lexeme.hash[lexeme.list[i]!] === i) delete lexeme.hash[lexeme.list[i]!];
  }
}

const LINKERS = new Set(['of', 'the', 'de', 'du', 'la', 'von', 'van', 'der']);

interface SentenceEntities {
  entities: string[];
  /** Token index of each entity's first and last token, to find the words between two entities. */
  spans: [number, number][];
  tokens: string[];
  pos: string[];
}

function sentenceEntities(sentence: ItemSentence): SentenceEntities {
  const its = nlp().its;
  const tokens = sentence.tokens().out() as string[];
  const pos = sentence.tokens().out(its.pos) as string[];
  const found: { text: string; span: [number, number] }[] = [];
  const taken = new Uint8Array(tokens.length);
  // wink's rule-based entities (dates, numbers) first, so "January 1960" stays one date.
  const detail = sentence.entities().out(its.span) as unknown as [number, number][];
  const kinds = sentence.entities().out(its.type) as string[];
  const firstToken = sentence.tokens().itemAt(0).index();
  detail.forEach(([a, b], k) => {
    if (!ENTITY_TYPES.includes(kinds[k]!)) return;
    const s = a - firstToken;
    const e = b - firstToken;
    // a lone token such as "Jan" right before/after a proper noun is part of a name, not a date
    if (s === e && (pos[s - 1] === 'PROPN' || pos[e + 1] === 'PROPN')) return;
    for (let t = s; t <= e; t++) taken[t] = 1;
    found.push({ text: joinTokens(tokens.slice(s, e + 1)), span: [s, e] });
  });
  for (let i = 0; i < tokens.length;) {
    if (pos[i] !== 'PROPN' || taken[i]) {
      i++;
      continue;
    }
    let end = i;
    let j = i + 1;
    while (j < tokens.length && !taken[j]) {
      if (pos[j] === 'PROPN') end = j++;
      else if (LINKERS.has(tokens[j]!.toLowerCase()) && j + 1 < tokens.length) j++;
      else break;
    }
    found.push({ text: joinTokens(tokens.slice(i, end + 1)), span: [i, end] });
    i = end + 1;
  }
  found.sort((x, y) => x.span[0] - y.span[0]);
  return { entities: found.map((f) => f.text), spans: found.map((f) => f.span), tokens, pos };
}

/** Joins tokens as the text reads: no space before punctuation or after an opening bracket. */
function joinTokens(tokens: string[]): string {
  return tokens
    .join(' ')
    .replace(/\s+([,.;:!?)'’-])/g, '$1')
    .replace(/([(-])\s+/g, '$1');
}

/** Named-entity-like phrases of a short text (e.g. a query), in order of appearance, deduplicated. */
export function extractEntitiesOffline(text: string): string[] {
  return readFresh(text, (doc) => {
    const out: string[] = [];
    doc.sentences().each((s: ItemSentence) => {
      for (const e of sentenceEntities(s).entities) if (!out.includes(e)) out.push(e);
    });
    return out;
  });
}

/** The passage's entities and triples; its title is an entity of every sentence. */
export function extractPassageTriplesOffline(passage: Passage): PassageTriples {
  return readFresh(passage.text, (doc) => passageTriples(doc, passage));
}

function passageTriples(doc: ReturnType<Nlp['readDoc']>, passage: Passage): PassageTriples {
  const entities: string[] = passage.title ? [passage.title] : [];
  const triples: Triple[] = [];
  const seen = new Set<string>();
  const add = (t: Triple) => {
    const key = `${t.subject}\u0000${t.predicate}\u0000${t.object}`;
    if (!seen.has(key) && t.subject !== t.object) {
      seen.add(key);
      triples.push(t);
    }
  };
  doc.sentences().each((s: ItemSentence) => {
    const se = sentenceEntities(s);
    const n = Math.min(se.entities.length, MAX_ENTITIES_PER_SENTENCE);
    for (let a = 0; a < n; a++) {
      const ea = se.entities[a]!;
      if (!entities.includes(ea)) entities.push(ea);
      if (passage.title && ea !== passage.title) add({ subject: passage.title, predicate: 'mentions', object: ea });
      for (let b = a + 1; b < n; b++) {
        const [, endA] = se.spans[a]!;
        const [startB] = se.spans[b]!;
        const verbs: string[] = [];
        for (let t = endA + 1; t < startB; t++)
          if (se.pos[t] === 'VERB' || se.pos[t] === 'AUX') verbs.push(se.tokens[t]!);
        add({ subject: ea, predicate: verbs.length > 0 ? verbs.join(' ') : 'co-occurs with', object: se.entities[b]! });
      }
    }
  });
  return { passageId: passage.id, entities, triples };
}

/** Runs the offline extractor over passages; checks the signal between passages. */
export function extractTriplesOffline(
  passages: readonly Passage[],
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): TripleSet {
  const out: PassageTriples[] = [];
  passages.forEach((p, i) => {
    if (i % 64 === 0) {
      throwIfAborted(signal, 'triples.offline');
      onProgress?.(i, passages.length);
    }
    out.push(extractPassageTriplesOffline(p));
  });
  onProgress?.(passages.length, passages.length);
  return offlineTripleSet(out);
}

/** The TripleSet of offline-extracted passages (also assembled by the import's worker pool, src/core/pool). */
export function offlineTripleSet(passages: PassageTriples[]): TripleSet {
  return {
    source: 'offline-extractor',
    origin: 'offline extractor (wink-eng-lite-web-model POS/NER + sentence co-occurrence; no LLM)',
    passages,
    rejected: [],
    warnings: [],
  };
}
