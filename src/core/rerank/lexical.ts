// LEXICAL RERANKER (heuristic stand-in, no model): the default when no cross-encoder is configured, and
// labelled so in every trace. Score = share of the query's terms in the passage title (weight 2) plus
// share in its text (weight 1), with the same tokenizer as BM25 (stop words out, S-stemmer). A passage
// sharing no term with the query scores 0 and is dropped like a cross-encoder's logit <= 0.
import { tokenize } from '../text/tokenize.ts';
import type { RerankCandidate, RerankScore, Reranker } from './port.ts';

export const LEXICAL_RERANKER_NAME = 'lexical overlap reranker (heuristic, no model)';

export function lexicalScore(query: string, candidate: RerankCandidate): number {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0) return 0;
  const title = new Set(tokenize(candidate.title));
  const text = new Set(tokenize(candidate.text));
  const inTitle = terms.filter((t) => title.has(t)).length;
  const inText = terms.filter((t) => text.has(t) || title.has(t)).length;
  return (2 * inTitle + inText) / terms.length;
}

export function createLexicalReranker(): Reranker {
  return {
    name: LEXICAL_RERANKER_NAME,
    heuristic: true,
    score: (query, candidates): Promise<RerankScore[]> => Promise.resolve(candidates.map((c) => ({ id: c.id, score: lexicalScore(query, c) }))),
  };
}
