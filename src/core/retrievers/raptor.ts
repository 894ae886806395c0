// The "raptor" backbone: RAPTOR's collapsed-tree retrieval (Sarthi et al. 2024, §3 "Querying", Fig. 2b:
// all nodes of all levels are scored against the query at once). RAPTOR then fills a token budget with
// the best nodes; to keep Recall@k comparable with the other backbones, nodes are mapped back to
// passages here: a passage scores the best of its own leaf score and the scores of every summary node
// above it ("a summary node counts through its passages"), ties broken by the passage's own leaf score,
// then corpus order. Node scores: BM25 over node texts (no embedder configured: the lexical stand-in for
// RAPTOR's SBERT cosine, labelled in `scorer`).
import { throwIfAborted } from '../errors.ts';
import { Bm25Index } from '../index/bm25.ts';
import type { RaptorTree } from '../raptor/tree.ts';
import type { Corpus, Ranked, RetrievedItem, Retriever } from '../types.ts';
import { bm25DocumentText } from './bm25.ts';

export const RAPTOR_SCORER_LABEL =
  'BM25 over every tree node (no embedder: lexical stand-in for RAPTOR’s embedding cosine)';

export type RaptorRetriever = Retriever & {
  readonly tree: RaptorTree;
  readonly scorer: string;
  retrieveItems(query: string, k: number, signal?: AbortSignal): Promise<{ results: Ranked[]; items: RetrievedItem[] }>;
};

/** Summary nodes handed to the trace per query. */
const MAX_ITEMS = 5;

/** `tree`: the tree built (or read from storage) for this corpus. */
export function createRaptorRetriever(corpus: Corpus, tree: RaptorTree): RaptorRetriever {
  const P = corpus.passages.length;
  const index = Bm25Index.build(
    tree.nodes.map((n, i) => ({ id: String(i), text: n.level === 0 ? bm25DocumentText(corpus.passages[i]!) : n.text })),
  );

  async function rank(query: string, k: number, signal?: AbortSignal) {
    throwIfAborted(signal, 'retrievers.raptor');
    const { docs, scores } = index.topDocs(query, tree.nodes.length);
    const best = new Float64Array(P);
    const own = new Float64Array(P);
    const summaries: RetrievedItem[] = [];
    docs.forEach((d, i) => {
      const node = tree.nodes[d]!;
      const s = scores[i]!;
      if (node.level === 0) own[node.passages[0]!] = s;
      else if (summaries.length < MAX_ITEMS)
        summaries.push({
          kind: 'summary',
          id: node.id,
          score: s,
          text: node.text,
          passages: node.passages.map((p) => corpus.passages[p]!.id),
          level: node.level,
        });
      for (const p of node.passages) if (s > best[p]!) best[p] = s;
    });
    const hit: number[] = [];
    for (let p = 0; p < P; p++) if (best[p]! > 0) hit.push(p);
    hit.sort((a, b) => best[b]! - best[a]! || own[b]! - own[a]! || a - b);
    const results =
      k > 0 ? hit.slice(0, Math.floor(k)).map((p) => ({ id: corpus.passages[p]!.id, score: best[p]! })) : [];
    return { results, items: summaries };
  }

  return {
    name: 'raptor',
    scores: 'per-query', // BM25 over the tree's nodes
    tree,
    scorer: RAPTOR_SCORER_LABEL,
    async retrieve(query, k, s) {
      return (await rank(query, k, s)).results;
    },
    retrieveItems: rank,
  };
}
