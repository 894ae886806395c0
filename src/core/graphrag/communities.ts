// GraphRAG's community hierarchy (Edge et al. 2024, "From Local to Global", §2.3: hierarchical Leiden
// over the entity graph). Here Louvain (graphology-communities-louvain, a maintained graphology package)
// over the phrase graph's entity–relation edges (weight = facts on the edge), seeded RNG so every host
// gets the same communities; then Louvain again over the graph of communities for the coarser level.
// Levels: 0 = the finest communities, 1 = communities of communities (GraphRAG numbers from the root; we
// number from the leaves so level 0 always exists). Singletons (phrases with no relation) get no community.
import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import type { PhraseGraph } from '../graph/build.ts';

export interface Community {
  /** "c<level>.<n>" */
  id: string;
  level: number;
  /** Phrase node ids (graph numbering), ascending. */
  nodes: number[];
  /** Index of the coarser community containing this one (level 0 only). */
  parent?: number;
}

export interface CommunityHierarchy {
  communities: Community[];
  /** Level-0 community index of each phrase node (index: node - passageCount), -1 for singletons. */
  communityOf: Int32Array;
  levels: number;
  modularity: number;
}

/** Park–Miller minimal standard generator: a seeded RNG for Louvain's node order. */
function seededRng(seed = 1): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

export function detectCommunities(
  graph: PhraseGraph,
  options: { resolution?: number; seed?: number } = {},
): CommunityHierarchy {
  const P = graph.passageCount;
  const g = new Graph({ type: 'undirected' });
  for (const facts of graph.edgeFacts.values()) {
    const f = graph.facts[facts[0]!]!;
    const a = String(f.subject);
    const b = String(f.object);
    g.mergeNode(a);
    g.mergeNode(b);
    g.mergeEdge(a, b, { weight: facts.length });
  }
  const communityOf = new Int32Array(graph.phrases.length).fill(-1);
  if (g.order === 0) return { communities: [], communityOf, levels: 0, modularity: 0 };
  const fine = louvain.detailed(g, {
    getEdgeWeight: 'weight',
    resolution: options.resolution ?? 1,
    rng: seededRng(options.seed),
  });
  const communities: Community[] = [];
  const byLabel = new Map<number, number>();
  g.forEachNode((n) => {
    const label = fine.communities[n]!;
    let c = byLabel.get(label);
    if (c === undefined) {
      byLabel.set(label, (c = communities.length));
      communities.push({ id: `c0.${c}`, level: 0, nodes: [] });
    }
    communities[c]!.nodes.push(Number(n));
    communityOf[Number(n) - P] = c;
  });
  for (const c of communities) c.nodes.sort((a, b) => a - b);
  // Coarser level: Louvain over the community graph (edge weight = summed weights between communities).
  const cg = new Graph({ type: 'undirected' });
  communities.forEach((_, i) => cg.addNode(String(i)));
  g.forEachEdge((_e, attr, s, t) => {
    const a = communityOf[Number(s) - P]!;
    const b = communityOf[Number(t) - P]!;
    if (a === b) return;
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    if (cg.hasEdge(key))
      cg.updateEdgeAttribute(key, 'weight', (w: number | undefined) => (w ?? 0) + (attr.weight as number));
    else cg.addUndirectedEdgeWithKey(key, String(a), String(b), { weight: attr.weight as number });
  });
  let levels = 1;
  if (cg.size > 0) {
    const coarse = louvain(cg, { getEdgeWeight: 'weight', rng: seededRng(options.seed) });
    const fineCount = communities.length;
    const parents = new Map<number, number>();
    for (let i = 0; i < fineCount; i++) {
      const label = coarse[String(i)]!;
      let p = parents.get(label);
      if (p === undefined) {
        parents.set(label, (p = communities.length));
        communities.push({ id: `c1.${p - fineCount}`, level: 1, nodes: [] });
      }
      communities[i]!.parent = p;
      communities[p]!.nodes.push(...communities[i]!.nodes);
    }
    for (const c of communities.slice(fineCount)) c.nodes.sort((a, b) => a - b);
    levels = 2;
  }
  return { communities, communityOf, levels, modularity: fine.modularity };
}
