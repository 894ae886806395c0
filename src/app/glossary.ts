// Words a class does not know: one definition each, used by the glossary panel and by the inline help
// next to the terms (strategy picker, metrics, chart legend, the cut). The strategies' entries are their
// descriptors' explanations (core's registry), so the glossary and the picker say the same.
import { REGISTRY, type StrategyDescriptor } from '../core/strategies/index.ts';

export interface GlossaryEntry {
  term: string;
  /** One line, for tooltips and the help under the strategy picker. */
  short: string;
}

/** One entry per strategy family, baselines included (an ablation is explained under its parent's term). */
export function strategyEntries(registry: readonly StrategyDescriptor[]): GlossaryEntry[] {
  const seen = new Set<string>();
  return registry
    .filter((d) => !seen.has(d.term) && seen.add(d.term))
    .map((d) => ({ term: d.term, short: d.explanation }));
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  ...strategyEntries(REGISTRY),
  {
    term: 'BM25',
    short: 'The lexical retriever: ranks passages by the question words they share, rarer words counting more.',
  },
  {
    term: 'Dense',
    short:
      'An embedding retriever: the question and the passages become vectors (the embedding model from Settings); the nearest passages rank first.',
  },
  {
    term: 'Hybrid',
    short: 'BM25 and dense rankings fused by reciprocal rank fusion (RRF): a passage high in either list ranks high.',
  },
  {
    term: 'HippoRAG 2',
    short:
      'A graph retriever: phrases and passages are nodes; personalized PageRank from the phrases the question links to ranks the passages.',
  },
  {
    term: 'RAPTOR',
    short:
      'A tree retriever: passages are clustered and each cluster summarised, level by level; a query is matched against passages and summaries alike.',
  },
  {
    term: 'GraphRAG',
    short:
      'A graph retriever (local search): entities and their links form communities, each with a report; a query reaches passages through the entities and reports it matches.',
  },
  {
    term: 'NaiveGE / SyncGE',
    short:
      "GEAR's graph expansion over BM25: from the passages retrieved, follow the triples that link their entities to further passages (SyncGE lets the run's LLM read which triples to follow).",
  },
  {
    term: 'PPR',
    short:
      "Personalized PageRank: random walks that restart at the seed nodes (the question's phrases); a node's PPR mass is how often the walks visit it.",
  },
  {
    term: 'gold',
    short:
      'A passage the dataset marks as needed to answer the question (supporting facts). Used only to score a finished run.',
  },
  {
    term: 'bridge',
    short:
      'A gold passage the question alone does not reach: its entity is named only in another passage (the "bridge" between the hops).',
  },
  {
    term: 'pool',
    short: 'The passages gathered so far, ranked: each round merges what its queries retrieved into it.',
  },
  {
    term: 'verifier',
    short:
      "BDTR's calibration: an LLM reads the reasoning chain and the top candidates and says which support it; those move to the top of the pool, keeping their own retrieval score (so a promoted passage can score below the ones under it).",
  },
  {
    term: 'μ+σ cut',
    short:
      'Keep the passages the verifier promoted, plus those scoring at least the mean (μ) plus one standard deviation (σ) of the top scores (BDTR Eq. 6). It is a score threshold; on the rank chart it is drawn where the kept passages end.',
  },
  { term: 'EM', short: 'Exact match: 1 if the normalized answer equals a gold answer, else 0.' },
  { term: 'F1', short: 'Word-overlap F1 between the answer and the best-matching gold answer, 0 to 1.' },
  { term: 'Acc', short: 'Accuracy: 1 if a gold answer appears inside the normalized answer, else 0.' },
  { term: 'Recall@k', short: 'Share of the gold passages found in the top k passages of the final ranking (percent).' },
  {
    term: 'offline thinker',
    short:
      "A labelled heuristic stand-in for an LLM (no model): it fills each prompt's format from the question's words and the passages' names, so the machinery runs without a model.",
  },
];

const BY_TERM = new Map(GLOSSARY.map((e) => [e.term.toLowerCase(), e]));

export function gloss(term: string): GlossaryEntry | undefined {
  return BY_TERM.get(term.toLowerCase());
}

export const glossId = (term: string) => `gloss-${term.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
