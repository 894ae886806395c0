// RAPTOR's tree (Sarthi et al. 2024, "RAPTOR: Recursive Abstractive Processing for Tree-Organized
// Retrieval", §3, Fig. 1): leaves are the corpus passages; each level clusters the level below
// (./cluster.ts, soft), summarises every cluster into a new node, and recurses until a level is small
// enough or stops shrinking (RAPTOR builds until clustering is no longer possible; the paper's trees
// have a few levels). Summaries come from a Summarizer: an LLM with RAPTOR's prompt, or, with no LLM, the
// labelled extractive summary below. Every node keeps the leaf passages under it (provenance).
import { throwIfAborted } from '../errors.ts';
import type { Corpus } from '../types.ts';
import { CLUSTER_DEFAULTS, softClusters, type ClusterOptions } from './cluster.ts';
import { HASHED_TFIDF_LABEL, hashedTfIdf } from './vectors.ts';

export interface RaptorNode {
  /** Leaves: the passage id; summaries: "raptor:<level>:<n>". */
  id: string;
  /** 0 = leaf passage. */
  level: number;
  text: string;
  /** Corpus indices of the leaf passages under this node, ascending. */
  passages: number[];
  /** Node indices one level down (empty for leaves). */
  children: number[];
}

export interface Summarizer {
  /** Shown with the tree, e.g. "extractive summary (no LLM)" or "LLM summary (raptor-summarize/1, …)". */
  readonly label: string;
  summarize(texts: readonly string[], signal?: AbortSignal): Promise<string>;
}

export interface RaptorTreeOptions {
  /** Levels of summaries above the leaves at most. */
  maxLevels: number;
  /** Stop when a level has at most this many nodes. */
  minLevelSize: number;
  cluster: ClusterOptions;
  /** Dimensions of the hashed TF-IDF vectors. */
  dim: number;
}

export const RAPTOR_TREE_DEFAULTS: Readonly<RaptorTreeOptions> = Object.freeze({
  maxLevels: 3,
  minLevelSize: 6,
  cluster: CLUSTER_DEFAULTS,
  dim: 256,
});

export interface RaptorTree {
  nodes: RaptorNode[];
  leafCount: number;
  /** Node count per level, level 0 first. */
  levels: number[];
  summarizer: string;
  vectors: string;
}

const SENTENCE = /[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g;
const sentences = (text: string) => (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);

export const EXTRACTIVE_SUMMARY_LABEL =
  'extractive summary (no LLM: leading sentences of each member, a stand-in for RAPTOR’s LLM summaries)';

/** Round-robin leading sentences of the members until `maxChars`: every member is represented first. */
export function extractiveSummary(texts: readonly string[], maxChars = 600): string {
  const split = texts.map(sentences);
  const out: string[] = [];
  let length = 0;
  for (let round = 0; ; round++) {
    let any = false;
    for (const s of split) {
      const sentence = s[round];
      if (sentence === undefined) continue;
      any = true;
      if (length + sentence.length > maxChars && out.length > 0) return out.join(' ');
      out.push(sentence);
      length += sentence.length + 1;
    }
    if (!any) return out.join(' ');
  }
}

export const extractiveSummarizer: Summarizer = {
  label: EXTRACTIVE_SUMMARY_LABEL,
  summarize: async (texts) => extractiveSummary(texts),
};

export async function buildRaptorTree(
  corpus: Corpus,
  summarizer: Summarizer = extractiveSummarizer,
  options: Partial<RaptorTreeOptions> = {},
  signal?: AbortSignal,
  onProgress?: (stage: string, done: number, total: number) => void,
): Promise<RaptorTree> {
  const o = { ...RAPTOR_TREE_DEFAULTS, ...options, cluster: { ...RAPTOR_TREE_DEFAULTS.cluster, ...options.cluster } };
  const nodes: RaptorNode[] = corpus.passages.map((p, i) => ({
    id: p.id,
    level: 0,
    text: `${p.title}: ${p.text}`,
    passages: [i],
    children: [],
  }));
  const levels = [nodes.length];
  let current = nodes.map((_, i) => i);
  for (let level = 1; level <= o.maxLevels && current.length > o.minLevelSize; level++) {
    throwIfAborted(signal, 'raptor.tree');
    onProgress?.(`clustering level ${level}`, 0, current.length);
    const texts = current.map((i) => nodes[i]!.text);
    const clusters = softClusters(hashedTfIdf(texts, o.dim), o.dim, o.cluster);
    if (clusters.length >= current.length) break; // no longer shrinking: nothing to summarise
    const next: number[] = [];
    for (const [n, members] of clusters.entries()) {
      onProgress?.(`summarising level ${level}`, n, clusters.length);
      const children = members.map((m) => current[m]!);
      const passages = [...new Set(children.flatMap((c) => nodes[c]!.passages))].sort((a, b) => a - b);
      const text = await summarizer.summarize(
        children.map((c) => nodes[c]!.text),
        signal,
      );
      next.push(nodes.length);
      nodes.push({ id: `raptor:${level}:${n}`, level, text, passages, children });
    }
    onProgress?.(`summarising level ${level}`, clusters.length, clusters.length);
    levels.push(next.length);
    current = next;
  }
  return {
    nodes,
    leafCount: corpus.passages.length,
    levels,
    summarizer: summarizer.label,
    vectors: HASHED_TFIDF_LABEL,
  };
}
