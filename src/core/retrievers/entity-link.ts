// Links query entities to phrase nodes of a HippoRAG 2 graph: an exact match of the normalised phrase
// first; otherwise the most similar phrases by lexical trigram cosine (the labelled stand-in for the
// embedding similarity HippoRAG uses when vectors exist), above a threshold.
import type { PhraseGraph } from '../graph/build.ts';
import { TrigramIndex } from '../graph/lexical.ts';
import { normalizePhrase } from '../triples/normalize.ts';

export interface EntityLinkOptions {
  minSimilarity: number;
  perEntity: number;
}

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
  how: 'exact' | 'lexical-trigram';
}

/** Builds the phrase index once per graph; `link` is then cheap per query. */
export function createEntityLinker(graph: PhraseGraph, options: Partial<EntityLinkOptions> = {}) {
  const opts = { ...ENTITY_LINK_DEFAULTS, ...options };
  let index: TrigramIndex | undefined;
  return {
    options: opts,
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
          out.push({ entity, node: graph.passageCount + hit.id, phrase: graph.phrases[hit.id]!, score: hit.score, how: 'lexical-trigram' });
        }
      }
      return out;
    },
  };
}
