// A small subgraph around a retrieval's seeds and pool, for the sigma view: plain nodes/edges with
// attributes (graphology's serialised form, which the view imports), so it crosses from the worker to the
// UI as a small structured clone.
import type { PhraseGraph } from './build.ts';
import { edgeKey } from './build.ts';

export interface SubgraphNode {
  key: string;
  attributes: {
    label: string;
    kind: 'passage' | 'phrase';
    node: number;
    seed: boolean;
    inPool: boolean;
    mentions?: number;
  };
}
export interface SubgraphEdge {
  key: string;
  source: string;
  target: string;
  attributes: { kind: 'passage-phrase' | 'relation' | 'synonym'; weight: number; predicates: string[] };
}
export interface Subgraph {
  nodes: SubgraphNode[];
  edges: SubgraphEdge[];
  /** True when neighbours were left out to stay within the limit. */
  truncated: boolean;
}

/**
 * Seeds (node ids, e.g. linked phrases) and pool passages, then their neighbours by descending edge
 * weight until `limit` nodes; all edges among the chosen nodes. `skipNeighbour` leaves nodes out of
 * the neighbourhood (hub phrases, hubs.ts); seeds and pool passages are always kept.
 */
export function subgraphAround(
  graph: PhraseGraph,
  seedNodeIds: readonly number[],
  poolPassageIds: readonly string[],
  limit: number,
  skipNeighbour: (node: number) => boolean = () => false,
): Subgraph {
  const { offsets, targets, weights, nodeCount } = graph.csr;
  const passageIndex = new Map(graph.passageIds.map((id, i) => [id, i]));
  const seeds = new Set(seedNodeIds);
  const pool = new Set(poolPassageIds.map((id) => passageIndex.get(id)).filter((i): i is number => i !== undefined));
  const chosen: number[] = [];
  const inSet = new Set<number>();
  const take = (n: number) => {
    if (chosen.length < limit && !inSet.has(n)) {
      inSet.add(n);
      chosen.push(n);
    }
  };
  for (const n of seeds) take(n);
  for (const n of pool) take(n);
  const core = [...chosen];
  const frontier: { n: number; w: number }[] = [];
  for (const c of core)
    for (let a = offsets[c]!; a < offsets[c + 1]!; a++) frontier.push({ n: targets[a]!, w: weights[a]! });
  frontier.sort((x, y) => y.w - x.w || x.n - y.n);
  let truncated = false;
  for (const f of frontier) {
    if (inSet.has(f.n) || skipNeighbour(f.n)) continue;
    if (chosen.length >= limit) {
      truncated = true;
      break;
    }
    take(f.n);
  }
  const nodes: SubgraphNode[] = [];
  const edges: SubgraphEdge[] = [];
  const label = (n: number) => (n < graph.passageCount ? graph.passageIds[n]! : graph.phrases[n - graph.passageCount]!);
  const key = (n: number) => `${n < graph.passageCount ? 'passage' : 'phrase'}:${label(n)}`;
  for (const n of chosen) {
    const isPassage = n < graph.passageCount;
    nodes.push({
      key: key(n),
      attributes: {
        label: label(n),
        kind: isPassage ? 'passage' : 'phrase',
        node: n,
        seed: seeds.has(n),
        inPool: pool.has(n),
        ...(isPassage ? {} : { mentions: graph.phrasePassages[n - graph.passageCount]!.length }),
      },
    });
  }
  for (const n of chosen) {
    for (let a = offsets[n]!; a < offsets[n + 1]!; a++) {
      const m = targets[a]!;
      if (m <= n || !inSet.has(m)) continue;
      const facts = graph.edgeFacts.get(edgeKey(n, m, nodeCount)) ?? [];
      const kind =
        n < graph.passageCount || m < graph.passageCount ? 'passage-phrase' : facts.length > 0 ? 'relation' : 'synonym';
      const predicates = [...new Set(facts.map((f) => graph.facts[f]!.triple.predicate))];
      const attributes = { kind, weight: weights[a]!, predicates } as const;
      edges.push({ key: `${key(n)}|${key(m)}`, source: key(n), target: key(m), attributes });
    }
  }
  return { nodes, edges, truncated };
}
