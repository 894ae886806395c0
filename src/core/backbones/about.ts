// What each backbone is, in one place and with no build code behind it, so the page (picker, glossary)
// can import it without bundling the builders: the descriptors (./*.ts) spread their entry, the glossary
// shows `explanation` under `title`, the picker shows `label`.
import { BM25_DEFAULTS } from '../index/bm25.ts';

/** What a backbone cannot be built without; the builder pulls each from the host's resources (resources.ts). */
export type BackboneNeed = 'embedder' | 'base' | 'triples' | 'read';
/** What a backbone uses when the host has it (a stored index or graph, the configured LLM, query NER). */
export type BackboneUse = 'bm25' | 'vectors' | 'graph' | 'tripleIndex' | 'llm' | 'queryEntities' | 'artifacts';

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
  /** What it cannot be built without; the builder pulls each from the host (resources.ts). */
  needs: readonly BackboneNeed[];
  /** What it uses when the host has it. */
  uses: readonly BackboneUse[];
  /** The layers above the passages the graph view draws: RAPTOR's summary tree, GraphRAG's communities. */
  layers?: LayerKind;
}

export type LayerKind = 'tree' | 'communities';

export const BACKBONE_ABOUT = {
  bm25: {
    title: 'BM25',
    label: 'BM25 (lexical)',
    explanation:
      'The lexical retriever: ranks passages by the question words they share, rarer words counting more (Okapi BM25 over title and text). Fast, no model; the base under the graph backbones.',
    paper: `Robertson & Zaragoza 2009 (BM25); k1 = ${BM25_DEFAULTS.k1}, b = ${BM25_DEFAULTS.b}`,
    needs: [],
    uses: ['bm25'],
  },
  dense: {
    title: 'Dense',
    label: 'Dense (embedding model from Settings)',
    explanation:
      'An embedding retriever: the question and the passages become vectors of the embedding model from Settings; the passages nearest the question (cosine) rank first.',
    paper: 'Karpukhin et al. 2020 (DPR-style bi-encoder retrieval)',
    needs: ['embedder'],
    uses: ['vectors'],
  },
  hybrid: {
    title: 'Hybrid',
    label: 'Hybrid (RRF of BM25 and dense)',
    explanation:
      'BM25 and dense rankings fused by reciprocal rank fusion (RRF): only ranks are fused, so a passage high in either list ranks high.',
    paper: 'Cormack et al. 2009 (RRF, k = 60); GEAR Eq. 3',
    needs: ['embedder'],
    uses: ['vectors', 'bm25'],
  },
  hipporag2: {
    title: 'HippoRAG 2',
    label: 'HippoRAG 2 (PPR over a phrase graph)',
    explanation:
      'A graph retriever: phrases and passages are nodes, linked by the triples read from the passages. Personalized PageRank (PPR) starts from the phrases of the facts the question retrieves (kept by the recognition-memory filter when an LLM is configured) and from the base retriever’s passages; a passage’s PPR mass ranks it.',
    paper:
      'Gutiérrez et al. 2025, HippoRAG 2 §3 (fact seeding, recognition memory, passage node weight 0.05, damping 0.5)',
    usesLlm: 'recognition-memory filter over the top facts (seed "facts")',
    needs: ['base', 'triples'],
    uses: ['graph', 'llm', 'queryEntities', 'artifacts'],
  },
  raptor: {
    title: 'RAPTOR',
    label: 'RAPTOR (tree of cluster summaries)',
    explanation:
      'A tree retriever: passages are clustered and each cluster summarised, level by level (by the LLM when one is configured, else extractively); a query is matched against passages and summaries at once, and a passage counts through the summaries above it.',
    paper: 'Sarthi et al. 2024, RAPTOR §3 (tree construction, collapsed-tree querying, Fig. 2b)',
    usesLlm: 'cluster summaries (RAPTOR’s summarisation prompt)',
    needs: [],
    uses: ['llm', 'artifacts'],
    layers: 'tree',
  },
  graphrag: {
    title: 'GraphRAG',
    label: 'GraphRAG (local search over communities)',
    explanation:
      'A graph retriever (local search): entities and their relations form communities (Louvain), each with a report (by the LLM when one is configured, else extractive); a query reaches passages through the entities of its top facts, their relations and the reports it matches best.',
    paper: 'Edge et al. 2024, GraphRAG §2 (community detection, community reports, local search context)',
    usesLlm: 'community reports (GraphRAG’s report prompt)',
    needs: ['triples'],
    uses: ['graph', 'llm', 'queryEntities', 'artifacts', 'bm25'],
    layers: 'communities',
  },
  naivege: {
    title: 'NaiveGE',
    label: 'NaiveGE (GEAR graph expansion over BM25)',
    explanation:
      'GEAR’s graph expansion: the passages the base retriever finds seed a beam search over the triples that link their entities, and the passages of the best triple paths join the ranking.',
    paper: 'Shen et al. 2024, GEAR §3 (NaiveGE; App. B.2 beam width, length, gamma = 2b)',
    needs: ['base', 'triples'],
    uses: ['tripleIndex', 'artifacts'],
  },
  syncge: {
    title: 'SyncGE',
    label: 'SyncGE (GEAR graph expansion; the run’s LLM reads)',
    explanation:
      'GEAR’s graph expansion with a read step: the run’s LLM reads the base retriever’s passages into proximal triples (J.2), which seed the beam search.',
    paper: 'Shen et al. 2024, GEAR §3 (SyncGE, J.2 read step; App. B.2 beam width, length, gamma = 2b)',
    needs: ['base', 'triples', 'read'],
    uses: ['tripleIndex', 'artifacts'],
  },
} as const satisfies Record<string, BackboneAbout>;

export type BackboneName = keyof typeof BACKBONE_ABOUT;

/** Every backbone, in the order the pickers and the CLI list them. */
export const BACKBONES = Object.keys(BACKBONE_ABOUT) as readonly BackboneName[];

/** The lexical backbone: the pickers' default and the base under the graph backbones. */
export const DEFAULT_BACKBONE: BackboneName = 'bm25';
/** The graph backbone whose phrase graph the graph view draws, and the pickers' second default. */
export const GRAPH_BACKBONE: BackboneName = 'hipporag2';
/** The graph expansion GEAR runs over any other backbone (GEAR §3). */
export const EXPANSION_BACKBONE: BackboneName = 'naivege';

/** Presets: names the pickers and the CLI list for a backbone run with options of its own. */
const BACKBONE_PRESETS = {
  'hipporag2-dense': {
    of: 'hipporag2',
    options: { base: 'dense' },
    title: `${BACKBONE_ABOUT.hipporag2.title} (dense)`,
    label: `${BACKBONE_ABOUT.hipporag2.title}, dense base (PPR seeded by dense, embedding synonyms)`,
  },
} as const;
type Preset = keyof typeof BACKBONE_PRESETS;

export type RunnableBackbone = BackboneName | Preset;

/** Every name a run may give, a preset after the backbone it sets. */
export const RUNNABLE_BACKBONES: readonly RunnableBackbone[] = BACKBONES.flatMap((name) => [
  name,
  ...(Object.keys(BACKBONE_PRESETS) as Preset[]).filter((p) => BACKBONE_PRESETS[p].of === name),
]);

/** The preset of that name, or undefined for a name that is none. */
export const presetOf = (name: string) =>
  Object.hasOwn(BACKBONE_PRESETS, name) ? BACKBONE_PRESETS[name as Preset] : undefined;

/** A runnable name's title and picker line. */
export function backboneAbout(name: RunnableBackbone): { title: string; label: string } {
  return presetOf(name) ?? BACKBONE_ABOUT[name as BackboneName];
}

/** Whether a runnable name (or the base under it) needs an embedding model, read off the descriptions. */
export function backboneNeedsEmbedder(name: string, options: Record<string, unknown> = {}): boolean {
  const preset = presetOf(name);
  const about: BackboneAbout | undefined = preset ? BACKBONE_ABOUT[preset.of] : aboutOf(name);
  if (!about) return false;
  if (about.needs.includes('embedder')) return true;
  const base = { ...preset?.options, ...options }.base;
  return about.needs.includes('base') && typeof base === 'string' && backboneNeedsEmbedder(base);
}

/** A backbone's description, or undefined for a name that is none. */
export function aboutOf(name: string | undefined): BackboneAbout | undefined {
  return name !== undefined && Object.hasOwn(BACKBONE_ABOUT, name) ? BACKBONE_ABOUT[name as BackboneName] : undefined;
}

/** The backbones whose description says `test`, by name (help texts and argument checks). */
export const backbonesWhere = (test: (a: BackboneAbout) => boolean): BackboneName[] =>
  BACKBONES.filter((n) => test(BACKBONE_ABOUT[n]));

/** The layers a backbone's runs have on the graph view (none for most). */
export function layersOf(name: string | undefined): LayerKind | null {
  return aboutOf(name)?.layers ?? null;
}

/** The backbone whose layers are of this kind. */
export function layeredBackbone(kind: LayerKind): BackboneName {
  return BACKBONES.find((n) => layersOf(n) === kind)!;
}

/**
 * What the configured LLM does in backbone `name` built with `options` (undefined when it calls none):
 * the one answer both hosts and the CLI's run configuration read, so a backbone that calls an LLM always
 * has it in its identity. HippoRAG 2 calls one only to filter the facts it is seeded with (seed "facts").
 */
export function backboneLlmRole(name: string, options: { seed?: string } = {}): string | undefined {
  const about = aboutOf(name);
  if (!about?.usesLlm) return undefined;
  if (name === 'hipporag2' && (options.seed ?? 'facts') !== 'facts') return undefined;
  return about.usesLlm;
}
