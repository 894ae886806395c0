// Builds HippoRAG 2's graph from triples (OSU-NLP-Group/HippoRAG, src/hipporag/HippoRAG.py: add_fact_edges,
// add_passage_edges, add_synonymy_edges, add_new_edges), straight into a CSR, with the provenance the UI
// needs. Nodes: passages first (0..P-1), then phrases (normalised subjects/objects of triples).
// Edge weights reproduce what HippoRAG 2 hands igraph, an undirected graph fed directed keys:
//  - relation edge a–b: node_to_node_stats[(a,b)] and [(b,a)] each count the triples (over all passages),
//    so igraph gets two parallel edges: weight 2·count;
//  - passage–phrase edge: weight 1 (one key per passage and phrase of its triples);
//  - synonym edge: the KNN similarity, set for (a,b) and for (b,a) when each finds the other (symmetric
//    here), so 2·score; at most `synonymMaxNeighbours` per phrase, phrases with <= 2 alphanumerics skipped.
import type { Corpus } from '../types.ts';
import { normalizePhrase } from '../triples/normalize.ts';
import type { Triple, TripleSet, TripleSource } from '../triples/types.ts';
import { buildCsr, EdgeList, type Csr } from './csr.ts';
import { GraphError } from './errors.ts';
import { TrigramIndex, type SimilarPair } from './lexical.ts';

export type GraphOptions = Record<'synonymThreshold' | 'synonymMaxNeighbours' | 'lexicalSynonymThreshold', number>;

export const GRAPH_DEFAULTS: Readonly<GraphOptions> = Object.freeze({
  /** HippoRAG 2 synonymy_edge_sim_threshold. */
  synonymThreshold: 0.8,
  /** HippoRAG 2 stops after 100 neighbours per phrase (num_nns > 100). */
  synonymMaxNeighbours: 100,
  /** Lexical trigram-cosine threshold used instead when no phrase vectors exist (a stand-in, labelled). */
  lexicalSynonymThreshold: 0.8,
});

const LEXICAL_MODE = 'lexical-trigram-cosine (no phrase vectors: stand-in for embedding cosine)';
export type SynonymMode = 'embedding-cosine' | typeof LEXICAL_MODE;

export interface Fact {
  passage: number;
  subject: number;
  object: number;
  triple: Triple;
}

export interface PhraseGraph {
  source: TripleSource;
  origin: string;
  synonymMode: SynonymMode;
  passageCount: number;
  passageIds: string[];
  /** Normalised phrase text of node passageCount + k. */
  phrases: string[];
  /** Normalised phrase -> node id. */
  phraseNode: Map<string, number>;
  /** Passage node ids whose triples mention each phrase (index: node - passageCount); HippoRAG's ent_node_to_chunk_ids. */
  phrasePassages: number[][];
  facts: Fact[];
  /** Undirected relation edge key (see edgeKey) -> indices into facts that made it. */
  edgeFacts: Map<number, number[]>;
  synonyms: SimilarPair[];
  csr: Csr;
  stats: {
    passages: number;
    phrases: number;
    facts: number;
    relationEdges: number;
    passageEdges: number;
    synonymEdges: number;
    arcs: number;
    skippedTriples: number;
  };
}

export const edgeKey = (a: number, b: number, nodeCount: number) => (a < b ? a * nodeCount + b : b * nodeCount + a);

/** Undirected relation edge key -> indices of the facts that made it, in fact order (self-loops skipped, as HippoRAG's add_new_edges does). */
export function edgeFactsOf(facts: readonly Fact[], nodeCount: number): Map<number, number[]> {
  const edgeFacts = new Map<number, number[]>();
  facts.forEach((f, i) => {
    if (f.subject === f.object) return;
    const key = edgeKey(f.subject, f.object, nodeCount);
    const list = edgeFacts.get(key);
    if (list) list.push(i);
    else edgeFacts.set(key, [i]);
  });
  return edgeFacts;
}

export interface PhraseVectors {
  /** Row-major unit vectors, one per phrase in graph.phrases order (dimension = data.length / phrases). */
  data: Float32Array;
  dimension: number;
}

/**
 * @param phraseVectors optional: called with the normalised phrases; when it returns vectors, synonym
 *   edges use embedding cosine (HippoRAG 2), otherwise lexical trigram cosine (labelled stand-in).
 */
export function buildPhraseGraph(
  corpus: Corpus,
  triples: TripleSet,
  options: Partial<GraphOptions> = {},
  phraseVectors?: (phrases: string[]) => PhraseVectors | undefined,
): PhraseGraph {
  const opts = { ...GRAPH_DEFAULTS, ...options };
  const nodes = collectPhrases(corpus, triples);
  const vectors = phraseVectors?.(nodes.phrases);
  const synonyms = vectors ? embeddingSynonyms(nodes.phrases, vectors, opts) : lexicalSynonyms(nodes.phrases, opts);
  return assemblePhraseGraph(corpus, triples, nodes, synonyms, vectors ? 'embedding-cosine' : LEXICAL_MODE);
}

/**
 * buildPhraseGraph without phrase vectors, with the lexical all-pairs search handed to `similarPairs`
 * (the import's worker pool: src/core/pool/import-jobs.ts). Same graph as buildPhraseGraph, since the
 * pairs are a set and capNeighbours orders them totally.
 */
export async function buildPhraseGraphWith(
  corpus: Corpus,
  triples: TripleSet,
  options: Partial<GraphOptions>,
  similarPairs: (phrases: string[], threshold: number) => Promise<SimilarPair[]>,
): Promise<PhraseGraph> {
  const opts = { ...GRAPH_DEFAULTS, ...options };
  const nodes = collectPhrases(corpus, triples);
  const { phrases, back } = eligiblePhrases(nodes.phrases);
  const pairs = back(await similarPairs(phrases, opts.lexicalSynonymThreshold));
  return assemblePhraseGraph(corpus, triples, nodes, capNeighbours(pairs, opts.synonymMaxNeighbours), LEXICAL_MODE);
}

/** The phrases synonym search looks at, and `back`, which numbers their pairs as all phrases are numbered. */
function eligiblePhrases(all: readonly string[]) {
  const ids = all.flatMap((p, i) => (synonymEligible(p) ? [i] : []));
  const back = (pairs: SimilarPair[]) => pairs.map((x) => ({ a: ids[x.a]!, b: ids[x.b]!, score: x.score }));
  return { phrases: ids.map((i) => all[i]!), ids, back };
}

interface CollectedPhrases {
  phraseNode: Map<string, number>;
  phrases: string[];
  phrasePassages: number[][];
  facts: Fact[];
  skipped: number;
}

function collectPhrases(corpus: Corpus, triples: TripleSet): CollectedPhrases {
  const P = corpus.passages.length;
  const passageIndex = new Map(corpus.passages.map((p, i) => [p.id, i]));
  const phraseNode = new Map<string, number>();
  const phrases: string[] = [];
  const phrasePassages: number[][] = [];
  const nodeOf = (phrase: string) => {
    let id = phraseNode.get(phrase);
    if (id === undefined) {
      id = P + phrases.length;
      phraseNode.set(phrase, id);
      phrases.push(phrase);
      phrasePassages.push([]);
    }
    return id;
  };
  const facts: Fact[] = [];
  let skipped = 0;
  for (const entry of triples.passages) {
    const passage = passageIndex.get(entry.passageId);
    if (passage === undefined)
      throw new GraphError(`triples name passage "${entry.passageId}", which is not in corpus "${corpus.name}"`);
    for (const t of entry.triples) {
      const s = normalizePhrase(t.subject);
      const o = normalizePhrase(t.object);
      if (s === '' || o === '') {
        skipped++; // nothing left after normalisation (e.g. punctuation only)
        continue;
      }
      const sn = nodeOf(s);
      const on = nodeOf(o);
      for (const node of [sn, on]) {
        const list = phrasePassages[node - P]!;
        if (list[list.length - 1] !== passage) list.push(passage);
      }
      facts.push({ passage, subject: sn, object: on, triple: t });
    }
  }
  return { phraseNode, phrases, phrasePassages, facts, skipped };
}

function assemblePhraseGraph(
  corpus: Corpus,
  triples: TripleSet,
  { phraseNode, phrases, phrasePassages, facts, skipped }: CollectedPhrases,
  synonyms: SimilarPair[],
  synonymMode: SynonymMode,
): PhraseGraph {
  const P = corpus.passages.length;
  const N = P + phrases.length;
  const edges = new EdgeList();
  for (const f of facts) if (f.subject !== f.object) edges.add(f.subject, f.object, 2); // (a,b) and (b,a) keys: two parallel undirected edges
  const edgeFacts = edgeFactsOf(facts, N);
  let passageEdges = 0;
  phrasePassages.forEach((ps, k) => {
    for (const p of ps) {
      edges.add(p, P + k, 1);
      passageEdges++;
    }
  });
  for (const s of synonyms) edges.add(P + s.a, P + s.b, 2 * s.score);
  const csr = buildCsr(N, edges.view());
  return {
    source: triples.source,
    origin: triples.origin,
    synonymMode,
    passageCount: P,
    passageIds: corpus.passages.map((p) => p.id),
    phrases,
    phraseNode,
    phrasePassages,
    facts,
    edgeFacts,
    synonyms: synonyms.map((s) => ({ a: P + s.a, b: P + s.b, score: s.score })),
    csr,
    stats: {
      passages: P,
      phrases: phrases.length,
      facts: facts.length,
      relationEdges: edgeFacts.size,
      passageEdges,
      synonymEdges: synonyms.length,
      arcs: csr.targets.length,
      skippedTriples: skipped,
    },
  };
}

/** HippoRAG 2 skips synonym search for phrases with <= 2 alphanumeric characters. */
export const synonymEligible = (phrase: string) => phrase.replace(/[^A-Za-z0-9]/g, '').length > 2;

/** Keeps, per phrase, its best `max` partners (HippoRAG 2 caps the neighbours of each phrase). */
function capNeighbours(pairs: SimilarPair[], max: number): SimilarPair[] {
  pairs.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  const count = new Map<number, number>();
  return pairs.filter((p) => {
    const ca = count.get(p.a) ?? 0;
    const cb = count.get(p.b) ?? 0;
    if (ca >= max || cb >= max) return false;
    count.set(p.a, ca + 1);
    count.set(p.b, cb + 1);
    return true;
  });
}

function lexicalSynonyms(all: string[], opts: GraphOptions) {
  const { phrases, back } = eligiblePhrases(all);
  const pairs = back(new TrigramIndex(phrases).similarPairs(opts.lexicalSynonymThreshold));
  return capNeighbours(pairs, opts.synonymMaxNeighbours);
}

/** Brute-force cosine over unit vectors (fine for browser-sized graphs; HippoRAG uses batched KNN). */
function embeddingSynonyms(phrases: string[], v: PhraseVectors, opts: GraphOptions) {
  const dim = v.dimension;
  if (v.data.length !== phrases.length * dim)
    throw new GraphError(`phrase vectors hold ${v.data.length / dim} rows, expected ${phrases.length}`);
  const { ids } = eligiblePhrases(phrases);
  const pairs: SimilarPair[] = [];
  for (let x = 0; x < ids.length; x++) {
    const a = ids[x]! * dim;
    for (let y = x + 1; y < ids.length; y++) {
      const b = ids[y]! * dim;
      let dot = 0;
      for (let k = 0; k < dim; k++) dot += v.data[a + k]! * v.data[b + k]!;
      if (dot >= opts.synonymThreshold) pairs.push({ a: ids[x]!, b: ids[y]!, score: dot });
    }
  }
  return capNeighbours(pairs, opts.synonymMaxNeighbours);
}
