// Links query entities to phrase nodes of a HippoRAG 2 graph: an exact match of the normalised phrase
// first; otherwise the most similar phrases by lexical trigram cosine (the labelled stand-in for the
// embedding similarity HippoRAG uses when vectors exist), above a threshold. When no query entity links
// at all (the offline extractor finds no proper noun in "…the woman who devised the fog-lantern…"),
// `mentions` reads the phrase nodes the query text names that are also passage titles (names of
// things by construction: all phrases would match "state", "name", "part"): a dictionary match,
// longest first.
import type { PhraseGraph } from '../graph/build.ts';
import { TrigramIndex } from '../graph/lexical.ts';
import { ENGLISH_STOP_WORDS } from '../text/stopwords.ts';
import { normalizePhrase } from '../triples/normalize.ts';

export type EntityLinkOptions = Record<'minSimilarity' | 'perEntity', number>;

export const ENTITY_LINK_DEFAULTS: Readonly<EntityLinkOptions> = Object.freeze({
  /** Minimum trigram cosine for a fuzzy link (exact matches score 1). */
  minSimilarity: 0.6,
  /** Phrase nodes linked per query entity when there is no exact match. */
  perEntity: 1,
});

export interface EntityLink {
  entity: string;
  node: number;
  phrase: string;
  score: number;
  /** 'fact': a phrase of a retrieved fact (HippoRAG 2 fact seeding; score already divided by its passages). */
  how: 'exact' | 'lexical-trigram' | 'query-mention' | 'fact';
}

const words = (phrase: string) => phrase.split(' ').filter((w) => w !== '');
/** A phrase worth matching in free query text: not only stop words or a short number ("the who", "3"). */
const mentionable = (ws: readonly string[]) => ws.some((w) => !ENGLISH_STOP_WORDS.has(w) && !/^\d{1,3}$/.test(w));

/** Builds the phrase index once per graph; `link` is then cheap per query. `passages`: their titles, for `mentions`. */
export function createEntityLinker(
  graph: PhraseGraph,
  options: Partial<EntityLinkOptions>,
  passages: readonly { title: string }[],
) {
  const opts = { ...ENTITY_LINK_DEFAULTS, ...options };
  let index: TrigramIndex | undefined;
  // phrase words joined by one space -> node; built on the first `mentions` call
  let byWords: Map<string, number> | undefined;
  let longest = 0;
  return {
    /**
     * Title phrases whose words occur contiguously in the query, longest match first, no overlaps
     * (score 1, how 'query-mention'). A labelled heuristic for queries whose entities do not link.
     */
    mentions(query: string): EntityLink[] {
      if (!byWords) {
        byWords = new Map();
        const titleWords = new Set(passages.map((p) => words(normalizePhrase(p.title)).join(' ')));
        graph.phrases.forEach((phrase, i) => {
          const ws = words(phrase);
          const key = ws.join(' ');
          if (ws.length === 0 || !mentionable(ws) || !titleWords.has(key)) return;
          byWords!.set(key, graph.passageCount + i);
          longest = Math.max(longest, ws.length);
        });
      }
      const q = words(normalizePhrase(query));
      const out: EntityLink[] = [];
      for (let i = 0; i < q.length;) {
        let matched = 0;
        for (let n = Math.min(longest, q.length - i); n > 0 && matched === 0; n--) {
          const key = q.slice(i, i + n).join(' ');
          const node = byWords.get(key);
          if (node !== undefined) {
            out.push({
              entity: key,
              node,
              phrase: graph.phrases[node - graph.passageCount]!,
              score: 1,
              how: 'query-mention',
            });
            matched = n;
          }
        }
        i += matched || 1;
      }
      return out;
    },
    link(entities: readonly string[]): EntityLink[] {
      const out: EntityLink[] = [];
      for (const entity of entities) {
        const phrase = normalizePhrase(entity);
        if (phrase === '') continue;
        const exact = graph.phraseNode.get(phrase);
        if (exact !== undefined) {
          out.push({ entity, node: exact, phrase, score: 1, how: 'exact' });
          continue;
        }
        index ??= new TrigramIndex(graph.phrases);
        for (const hit of index.search(phrase, opts.minSimilarity, opts.perEntity)) {
          out.push({
            entity,
            node: graph.passageCount + hit.id,
            phrase: graph.phrases[hit.id]!,
            score: hit.score,
            how: 'lexical-trigram',
          });
        }
      }
      return out;
    },
  };
}
