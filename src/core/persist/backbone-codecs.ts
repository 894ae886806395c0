// RAPTOR's tree, GraphRAG's communities + reports and HippoRAG 2's lexical fact index as stored artifacts
// (kind "backbone"), so a reload reads them instead of clustering, summarising, running Louvain or
// re-indexing the facts again. The structures are
// JSON (node texts, community members) in one buffer; the corpus fingerprint (codecs.ts) and the builder's
// labels in meta make a tree built for other passages, another summariser or another graph "stale".
import { z } from 'zod';
import type { CommunityHierarchy } from '../graphrag/communities.ts';
import type { CommunityReport } from '../graphrag/reports.ts';
import type { PhraseGraph } from '../graph/build.ts';
import type { Bm25Index } from '../index/bm25.ts';
import { packStrings, unpackStrings } from '../index/bm25-snapshot.ts';
import type { RaptorTree } from '../raptor/tree.ts';
import type { IndexedFact } from '../triples/fact-index.ts';
import type { Corpus } from '../types.ts';
import { bm25Artifact, bm25SnapshotFromArtifact, own, packedBuffers } from './codecs.ts';
import { StorageError, type ArtifactBody, type StoredArtifact } from './ports.ts';

export const RAPTOR_TREE_ARTIFACT = { format: 'hopscope.raptor-tree', formatVersion: 1 } as const;
export const GRAPHRAG_ARTIFACT = { format: 'hopscope.graphrag-communities', formatVersion: 1 } as const;
export const FACT_INDEX_ARTIFACT = { format: 'hopscope.fact-index', formatVersion: 1 } as const;

const json = (value: unknown): ArrayBuffer => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;
const parse = (a: StoredArtifact, name: string): unknown => {
  const buf = a.buffers[name];
  if (!buf) throw new StorageError(`${a.format} "${a.key}" of corpus "${a.corpusId}" lacks its "${name}" buffer`);
  try {
    return JSON.parse(new TextDecoder().decode(buf));
  } catch (err) {
    throw new StorageError(
      `${a.format} "${a.key}" of corpus "${a.corpusId}": "${name}" is not JSON (${(err as Error).message})`,
    );
  }
};
const checked = <T>(schema: z.ZodType<T>, value: unknown, a: StoredArtifact, what: string): T => {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new StorageError(
      `${a.format} "${a.key}" of corpus "${a.corpusId}": ${what} malformed at ${r.error.issues[0]?.path.join('.') || 'root'} (${r.error.issues[0]?.message})`,
    );
  return r.data;
};

const builtFor = (a: StoredArtifact, corpusHash: string, expected: Record<string, string>): void => {
  const meta = (a.meta ?? {}) as Record<string, unknown>;
  if (meta.corpus !== corpusHash)
    throw new StorageError(`built for other passages (corpus ${String(meta.corpus)}, now ${corpusHash})`);
  for (const [k, v] of Object.entries(expected))
    if (meta[k] !== v) throw new StorageError(`built with ${k} "${String(meta[k])}", this build uses "${v}"`);
};

/** A level, or a node's, passage's or phrase's position. */
const pos = z.number().int().min(0);
const raptorNodes = z.array(
  z.object({ id: z.string(), level: pos, text: z.string(), passages: z.array(pos), children: z.array(pos) }),
);

export function raptorTreeArtifact(tree: RaptorTree, corpusHash: string): ArtifactBody {
  const { leafCount, levels, summarizer, vectors } = tree;
  return {
    ...RAPTOR_TREE_ARTIFACT,
    meta: { corpus: corpusHash, leafCount, levels, summarizer, vectors },
    buffers: { nodes: json(tree.nodes) },
  };
}

/** The stored tree, checked against this corpus and the summariser / vectors the build would use now. */
export function raptorTreeFromArtifact(
  a: StoredArtifact,
  corpus: Corpus,
  corpusHash: string,
  builder: { summarizer: string; vectors: string },
): RaptorTree {
  builtFor(a, corpusHash, builder);
  const meta = a.meta as { leafCount: number; levels: number[] };
  const nodes = checked(raptorNodes, parse(a, 'nodes'), a, 'nodes');
  const P = corpus.passages.length;
  if (meta.leafCount !== P || nodes.length !== meta.levels.reduce((s, n) => s + n, 0))
    throw new StorageError(`tree sizes do not match its metadata (${nodes.length} nodes, ${meta.leafCount} leaves)`);
  nodes.forEach((n, i) => {
    if (i < P && (n.level !== 0 || n.id !== corpus.passages[i]!.id))
      throw new StorageError(`leaf ${i} is "${n.id}", the corpus has "${corpus.passages[i]!.id}"`);
    if (n.passages.some((p) => p >= P) || n.children.some((c) => c >= nodes.length))
      throw new StorageError(`node "${n.id}" points outside the tree`);
  });
  return { nodes, leafCount: P, levels: meta.levels, summarizer: builder.summarizer, vectors: builder.vectors };
}

const communities = z.array(z.object({ id: z.string(), level: pos, nodes: z.array(pos), parent: pos.optional() }));
const reports = z.array(
  z.object({ community: z.string(), level: pos, title: z.string(), text: z.string(), passages: z.array(pos) }),
);

/** Which phrase graph communities were found on: passages, phrases and facts counted. */
const graphShape = (g: PhraseGraph) =>
  `${g.passageCount} passages, ${g.phrases.length} phrases, ${g.facts.length} facts`;

export function graphRagArtifact(
  hierarchy: CommunityHierarchy,
  reportList: readonly CommunityReport[],
  graph: PhraseGraph,
  corpusHash: string,
  reportSource: string,
): ArtifactBody {
  const { communityOf, levels, modularity } = hierarchy;
  return {
    ...GRAPHRAG_ARTIFACT,
    meta: {
      corpus: corpusHash,
      graph: graphShape(graph),
      reports: reportSource,
      levels,
      modularity,
      phrases: communityOf.length,
    },
    buffers: {
      communities: json(hierarchy.communities),
      reports: json(reportList),
      communityOf: own(communityOf),
    },
  };
}

/** Stored communities and reports, checked against this corpus, its phrase graph and the report writer. */
export function graphRagFromArtifact(
  a: StoredArtifact,
  graph: PhraseGraph,
  corpusHash: string,
  reportSource: string,
): { hierarchy: CommunityHierarchy; reports: CommunityReport[] } {
  builtFor(a, corpusHash, { graph: graphShape(graph), reports: reportSource });
  const meta = a.meta as { levels: number; modularity: number; phrases: number };
  const list = checked(communities, parse(a, 'communities'), a, 'communities');
  const reportList = checked(reports, parse(a, 'reports'), a, 'reports');
  const buf = a.buffers.communityOf;
  if (!buf || buf.byteLength % 4 !== 0) throw new StorageError('the community of each phrase is missing or truncated');
  const communityOf = new Int32Array(buf.slice(0));
  if (communityOf.length !== graph.phrases.length || meta.phrases !== graph.phrases.length)
    throw new StorageError(`communities cover ${communityOf.length} phrases, the graph has ${graph.phrases.length}`);
  const end = graph.passageCount + graph.phrases.length;
  if (list.some((c) => c.nodes.some((n) => n < graph.passageCount || n >= end)))
    throw new StorageError('a community names a node outside the phrase graph');
  if (reportList.some((r) => r.passages.some((p) => p >= graph.passageCount)))
    throw new StorageError('a report names a passage outside the corpus');
  return {
    hierarchy: { communities: list, communityOf, levels: meta.levels, modularity: meta.modularity },
    reports: reportList,
  };
}

const FACT_PARTS = ['subject', 'predicate', 'object'] as const;

/** The facts (packed strings; passages as corpus positions) and the BM25 snapshot over their strings. */
export function factIndexArtifact(
  facts: readonly IndexedFact[],
  index: Bm25Index,
  corpus: Corpus,
  graph: PhraseGraph,
  corpusHash: string,
): ArtifactBody {
  const bm25 = bm25Artifact(index.toSnapshot());
  const position = new Map(corpus.passages.map((p, i) => [p.id, i]));
  const offsets = new Uint32Array(facts.length + 1);
  facts.forEach((f, i) => (offsets[i + 1] = offsets[i]! + f.passages.length));
  const passages = Uint32Array.from(facts.flatMap((f) => f.passages.map((id) => position.get(id)!)));
  const buffers: Record<string, ArrayBuffer> = {
    ...bm25.buffers,
    factPassageOffsets: offsets.buffer,
    factPassages: passages.buffer,
  };
  for (const part of FACT_PARTS) Object.assign(buffers, packedBuffers(part, packStrings(facts.map((f) => f[part]))));
  return {
    ...FACT_INDEX_ARTIFACT,
    meta: { bm25: bm25.meta, corpus: corpusHash, graph: graphShape(graph), facts: facts.length },
    buffers,
  };
}

export function factIndexFromArtifact(
  a: StoredArtifact,
  corpus: Corpus,
  graph: PhraseGraph,
  corpusHash: string,
): { facts: IndexedFact[]; snapshot: ReturnType<typeof bm25SnapshotFromArtifact> } {
  builtFor(a, corpusHash, { graph: graphShape(graph) });
  const meta = a.meta as { bm25: unknown; facts: number };
  const n = meta.facts;
  const need = (name: string) => {
    const buf = a.buffers[name];
    if (!buf) throw new StorageError(`the fact index lacks its "${name}" buffer`);
    return buf;
  };
  const parts = FACT_PARTS.map((part) =>
    unpackStrings({ bytes: need(`${part}Bytes`), ends: need(`${part}Ends`) }, n, part),
  );
  const offsets = new Uint32Array(need('factPassageOffsets'));
  const passages = new Uint32Array(need('factPassages'));
  if (offsets.length !== n + 1 || offsets[n] !== passages.length)
    throw new StorageError('the fact index passage lists do not match their offsets');
  const facts = parts[0]!.map((subject, i) => ({
    subject,
    predicate: parts[1]![i]!,
    object: parts[2]![i]!,
    passages: Array.from(passages.subarray(offsets[i]!, offsets[i + 1]!), (p) => {
      const passage = corpus.passages[p];
      if (!passage) throw new StorageError(`a fact names passage ${p}, outside the corpus`);
      return passage.id;
    }),
  }));
  return { facts, snapshot: bm25SnapshotFromArtifact({ ...a, meta: meta.bm25 as StoredArtifact['meta'] }) };
}
