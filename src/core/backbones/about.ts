// What each backbone is, in one place and with no build code behind it, so the page (picker, glossary)
// can import it without bundling the builders: the descriptors (./*.ts) spread their entry, the glossary
// shows `explanation` under `title`, the picker shows `label`.
import { BM25_DEFAULTS } from '../index/bm25.ts';

export interface BackboneAbout {
  /** Short name: table headers, the glossary's term. */
  title: string;
  /** The picker's line: the name and what runs underneath. */
  label: string;
  /** One paragraph a class can follow, precise enough for the docs. */
  explanation: string;
  /** The paper and section it implements. */
  paper: string;
  /** What the configured LLM does in it (labelled stand-ins otherwise). */
  usesLlm?: string;
}

export const BACKBONE_ABOUT = {
  bm25: {
    title: 'BM25',
    label: 'BM25 (lexical)',
    explanation:
      'The lexical retriever: ranks passages by the question words they share, rarer words counting more (Okapi BM25 over title and text). Fast, no model; the base under the graph backbones.',
    paper: `Robertson & Zaragoza 2009 (BM25); k1 = ${BM25_DEFAULTS.k1}, b = ${BM25_DEFAULTS.b}`,
  },
  dense: {
    title: 'Dense',
    label: 'Dense (embedding model from Settings)',
    explanation:
      'An embedding retriever: the question and the passages become vectors of the embedding model from Settings; the passages nearest the question (cosine) rank first.',
    paper: 'Karpukhin et al. 2020 (DPR-style bi-encoder retrieval)',
  },
  hybrid: {
    title: 'Hybrid',
    label: 'Hybrid (RRF of BM25 and dense)',
    explanation:
      'BM25 and dense rankings fused by reciprocal rank fusion (RRF): only ranks are fused, so a passage high in either list ranks high.',
    paper: 'Cormack et al. 2009 (RRF, k = 60); GEAR Eq. 3',
  },
  hipporag2: {
    title: 'HippoRAG 2',
    label: 'HippoRAG 2 (PPR over a phrase graph)',
    explanation:
      'A graph retriever: phrases and passages are nodes, linked by the triples read from the passages. Personalized PageRank (PPR) starts from the phrases of the facts the question retrieves (kept by the recognition-memory filter when an LLM is configured) and from the base retriever’s passages; a passage’s PPR mass ranks it.',
    paper:
      'Gutiérrez et al. 2025, HippoRAG 2 §3 (fact seeding, recognition memory, passage node weight 0.05, damping 0.5)',
    usesLlm: 'recognition-memory filter over the top facts (seed "facts")',
  },
  raptor: {
    title: 'RAPTOR',
    label: 'RAPTOR (tree of cluster summaries)',
    explanation:
      'A tree retriever: passages are clustered and each cluster summarised, level by level (by the LLM when one is configured, else extractively); a query is matched against passages and summaries at once, and a passage counts through the summaries above it.',
    paper: 'Sarthi et al. 2024, RAPTOR §3 (tree construction, collapsed-tree querying, Fig. 2b)',
    usesLlm: 'cluster summaries (RAPTOR’s summarisation prompt)',
  },
  graphrag: {
    title: 'GraphRAG',
    label: 'GraphRAG (local search over communities)',
    explanation:
      'A graph retriever (local search): entities and their relations form communities (Louvain), each with a report (by the LLM when one is configured, else extractive); a query reaches passages through the entities of its top facts, their relations and the reports it matches best.',
    paper: 'Edge et al. 2024, GraphRAG §2 (community detection, community reports, local search context)',
    usesLlm: 'community reports (GraphRAG’s report prompt)',
  },
  naivege: {
    title: 'NaiveGE',
    label: 'NaiveGE (GEAR graph expansion over BM25)',
    explanation:
      'GEAR’s graph expansion: the passages the base retriever finds seed a beam search over the triples that link their entities, and the passages of the best triple paths join the ranking.',
    paper: 'Shen et al. 2024, GEAR §3 (NaiveGE; App. B.2 beam width, length, gamma = 2b)',
  },
  syncge: {
    title: 'SyncGE',
    label: 'SyncGE (GEAR graph expansion; the run’s LLM reads)',
    explanation:
      'GEAR’s graph expansion with a read step: the run’s LLM reads the base retriever’s passages into proximal triples (J.2), which seed the beam search.',
    paper: 'Shen et al. 2024, GEAR §3 (SyncGE, J.2 read step; App. B.2 beam width, length, gamma = 2b)',
  },
} as const satisfies Record<string, BackboneAbout>;

/**
 * What the configured LLM does in backbone `name` built with `options` (undefined when it calls none):
 * the one answer both hosts and the CLI's run configuration read, so a backbone that calls an LLM always
 * has it in its identity. HippoRAG 2 calls one only to filter the facts it is seeded with (seed "facts").
 */
export function backboneLlmRole(name: string, options: { seed?: string } = {}): string | undefined {
  const about = (BACKBONE_ABOUT as Record<string, BackboneAbout>)[name];
  if (!about?.usesLlm) return undefined;
  if (name === 'hipporag2' && (options.seed ?? 'facts') !== 'facts') return undefined;
  return about.usesLlm;
}
