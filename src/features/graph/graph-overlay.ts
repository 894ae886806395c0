// The run drawn over the question graph at the inspector's step (GEAR
// expansion). Everything comes from the one fold of the trace prefix up to the step (foldTrace of
// events[0..step]), so the graph shows exactly what the inspector shows at that step:
//  - the round's thoughts and sub-queries: the phrases each one linked to (the retrieve event's items
//    when the backbone records them, HippoRAG 2's linked entities or seed facts; else the phrases its
//    query names, a lexical match on HippoRAG 2's normalisation) and the passages it retrieved;
//  - the reasoning chain as a path over the graph where its nodes match phrases or passage titles;
//  - the verifier's promotions (from rank -> to rank) and the final cut;
//  - GEAR's triple beams: each kept sequence's triples as edges between their phrase nodes, per step.
import type { GraphView } from '../../engine/engine-api.ts';
import type { TraceModel } from '../../core/trace/fold.ts';
import type { RetrievedItem } from '../../core/trace/schema.ts';
import { normalizePhrase } from '../../core/triples/normalize.ts';
import { adjacency, shortestPath, type EvidencePaths } from './graph-paths.ts';
import { EMPTY_OVERLAY, type NodeMark, type Overlay, type OverlayLink } from './graph-style.ts';

/** Edge colours of the overlay: none is a round, seed, phrase or gold colour. */
export const THOUGHT_COLORS: Record<string, string> = { question: '#5d4037', fast: '#0097a7', slow: '#5e35b1' };
const SUBQUERY_COLOR = '#6d4c41';
export const CHAIN_COLOR = '#1b1b1b';
export const BEAM_COLORS = ['#1b1b1b', '#e65100', '#78909c'] as const;
export const PATH_COLORS = { bridge: '#b3261e', gold: '#b07800' } as const;
const PATH_TITLES = {
  bridge: 'evidence path: seed phrase → bridge passage',
  gold: 'evidence path: bridge passage → gold passage',
} as const;
/** Passages of a retrieval marked as what it linked to. */
const LINKED_PASSAGES = 5;
/** Beams drawn per step (the best kept sequences). */
export const BEAMS_DRAWN = 3;
/** A chain step farther apart than this over the graph is drawn as a direct link instead. */
const MAX_CHAIN_HOPS = 4;

export const thoughtColor = (label: string) => THOUGHT_COLORS[label] ?? SUBQUERY_COLOR;
/** A retrieval's label as a node tag: no parentheses, up to a "·" or ":" ("step 2 (graph expansion)" -> "step 2"). */
export const shortLabel = (label: string) =>
  label
    .replace(/\s*\([^)]*\)/g, '')
    .split(/\s*[·:]\s*/)[0]!
    .slice(0, 16) || 'query';

interface Builder {
  edges: Map<string, string>;
  nodes: Map<string, string[]>;
  links: Map<string, OverlayLink>;
  titles: Map<string, string>;
  tag(key: string, t: string): void;
  /** The edge between two nodes in a colour, or a link in its place when there is none in view. */
  connect(from: string, to: string, color: string, title: string, linkKey: string): void;
}

/** Phrase nodes named in a text: whole-word matches of the normalised phrase in the normalised text. */
export function phrasesNamed(text: string, phrases: ReadonlyMap<string, string>): string[] {
  const padded = ` ${normalizePhrase(text).replace(/\s+/g, ' ')} `;
  const out: string[] = [];
  for (const [label, key] of phrases) if (label.length >= 3 && padded.includes(` ${label} `)) out.push(key);
  return out;
}

export interface OverlayInput {
  view: GraphView;
  /** The fold of the trace up to the step shown. */
  model: TraceModel;
  /** The round the step is in. */
  round: number;
  titleOf(id: string): string;
  isHub(key: string): boolean;
}

export interface RoundLinks {
  label: string;
  query: string;
  phrases: string[];
  /**
   * 'linked': the phrases the retriever itself linked the query to (the retrieve event's items: HippoRAG
   * 2's linked entities or the subject/object of its seed facts); 'named': no items in the trace (BM25,
   * dense...), so the phrases the query names (a lexical match on HippoRAG 2's normalisation).
   */
  how: 'linked' | 'named';
  passages: string[];
}

/** Phrase node keys by normalised phrase: seeds and phrases that are no hub. */
function phraseKeys(view: GraphView, isHub: (key: string) => boolean): Map<string, string> {
  return new Map(
    view.nodes
      .filter((n) => n.kind === 'phrase' && (n.seed || !isHub(n.key)))
      .map((n) => [normalizePhrase(n.label), n.key]),
  );
}

/** Phrase node keys behind a retrieval's items: entity items are phrases, triple items "s | p | o" give s and o. */
function itemPhrases(items: readonly RetrievedItem[], inView: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const add = (text: string) => {
    const key = `phrase:${normalizePhrase(text)}`;
    if (inView.has(key) && !out.includes(key)) out.push(key);
  };
  for (const it of items) {
    if (it.kind === 'entity') add(it.text);
    else if (it.kind === 'triple') {
      const parts = it.text.split(' | ');
      if (parts.length === 3) {
        add(parts[0]!);
        add(parts[2]!);
      }
    }
  }
  return out;
}

/** Per retrieval of the round (question, fast, slow, sub-queries): the phrase and passage nodes it linked to. */
export function roundLinks(input: Pick<OverlayInput, 'view' | 'model' | 'round' | 'isHub'>): RoundLinks[] {
  const { view, model, round, isHub } = input;
  const phrases = phraseKeys(view, isHub);
  const inView = new Set(view.nodes.filter((n) => n.kind === 'phrase').map((n) => n.key));
  const passageKey = new Map(view.nodes.filter((n) => n.kind === 'passage').map((n) => [n.label, n.key]));
  const r = model.rounds.find((x) => x.round === round);
  return (r?.retrieves ?? []).map((q) => {
    const linked = q.items.some((it) => it.kind === 'entity' || it.kind === 'triple');
    return {
      label: q.label,
      query: q.query,
      how: linked ? 'linked' : 'named',
      phrases: linked ? itemPhrases(q.items, inView) : phrasesNamed(q.query, phrases),
      passages: q.results
        .slice(0, LINKED_PASSAGES)
        .map((x) => passageKey.get(x.id))
        .filter((k): k is string => k !== undefined),
    };
  });
}

export function stepOverlay(input: OverlayInput): Overlay {
  const { view, model, round, isHub } = input;
  const pairs = new Map(view.edges.map((e) => [pair(e.source, e.target), e.key]));
  const b: Builder = {
    edges: new Map(),
    nodes: new Map(),
    links: new Map(),
    titles: new Map(),
    tag: (key, t) => {
      const tags = b.nodes.get(key) ?? [];
      if (!tags.includes(t)) tags.push(t);
      b.nodes.set(key, tags);
    },
    connect: (from, to, color, title, linkKey) => {
      if (from === to) return;
      const ends = pair(from, to);
      const key = pairs.get(ends) ?? b.links.get(ends)?.key ?? linkKey;
      if (!pairs.has(ends) && !b.links.has(ends)) b.links.set(ends, { key, source: from, target: to });
      b.edges.set(key, color); // later layers win: the chain over the retrievals, beams over both
      b.titles.set(key, b.titles.has(key) ? `${b.titles.get(key)}\n${title}` : title);
    },
  };
  const passageKey = new Map(view.nodes.filter((n) => n.kind === 'passage').map((n) => [n.label, n.key]));

  model.cutoff?.kept.forEach((id, i) => {
    const key = passageKey.get(id);
    if (key) b.tag(key, `cut #${i + 1}`);
  });
  for (const m of model.promotions) {
    const key = passageKey.get(m.id);
    if (key) b.tag(key, `verifier ${m.from}→${m.to}`);
  }
  if (!model.cutoff && model.promotions.length === 0) {
    // The round's thoughts and sub-queries: what each linked to, edges between them in its colour.
    for (const q of roundLinks({ view, model, round, isHub })) {
      const color = thoughtColor(q.label);
      for (const k of [...q.phrases, ...q.passages]) b.tag(k, shortLabel(q.label));
      const mine = new Set([...q.phrases, ...q.passages]);
      for (const e of view.edges)
        if (mine.has(e.source) && mine.has(e.target) && !b.edges.has(e.key)) b.edges.set(e.key, color);
    }
  }
  if (model.chain) chainPath(model.chain, input, b);
  beamPaths(model, round, view, b);

  return {
    edges: b.edges,
    nodes: new Map([...b.nodes].map(([k, tags]) => [k, { tags } satisfies NodeMark])),
    links: [...b.links.values()],
    // An edge several beams share lists them best first ("beam 1 …", "beam 2 …").
    titles: new Map([...b.titles].map(([k, t]) => [k, t.split('\n').sort(numbered).join('\n')])),
    focus: b.nodes.size > 0,
  };
}

const numbered = (x: string, y: string) => x.localeCompare(y, undefined, { numeric: true });
const pair = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** "fog-lantern -> devised by -> Ione Marlow -> raised in -> Dunmere": the parts that name a phrase or a passage title, joined over the graph. */
function chainPath(chain: string, { view, titleOf, isHub }: OverlayInput, b: Builder): void {
  const byName = phraseKeys(view, isHub);
  for (const n of view.nodes) if (n.kind === 'passage') byName.set(normalizePhrase(titleOf(n.label)), n.key);
  const hits = chain
    .split(/\s*(?:->|→)\s*/)
    .map((part) => byName.get(normalizePhrase(part)))
    .filter((k): k is string => k !== undefined);
  const adj = adjacency(view, isHub);
  hits.forEach((k, i) => b.tag(k, `chain ${i + 1}`));
  for (let i = 1; i < hits.length; i++) {
    const [from, to] = [hits[i - 1]!, hits[i]!];
    const p = shortestPath(adj, [from], to);
    if (p && p.edges.length <= MAX_CHAIN_HOPS) {
      for (const e of p.edges) b.edges.set(e, CHAIN_COLOR);
      for (const e of p.edges) b.titles.set(e, `reasoning chain step ${i}`);
    } else b.connect(from, to, CHAIN_COLOR, `reasoning chain step ${i}`, `ov:chain:${i}`);
  }
}

/** GEAR (Alg. 1): the best kept sequences of the round's last beam step, triple by triple over the phrase nodes. */
function beamPaths(model: TraceModel, round: number, view: GraphView, b: Builder): void {
  const steps = model.beams.filter((s) => s.round === round);
  const last = steps[steps.length - 1];
  if (!last) return;
  const phraseKey = phraseKeys(view, () => false);
  // Drawn worst first, so the best beam's colour wins on an edge they share.
  const drawn = last.kept.slice(0, BEAMS_DRAWN).map((seq, i) => [seq, i] as const);
  for (const [seq, i] of drawn.reverse()) {
    const color = BEAM_COLORS[i] ?? BEAM_COLORS[BEAM_COLORS.length - 1]!;
    let prev: string | undefined;
    seq.triples.forEach((id, j) => {
      const t = last.triples.get(id);
      if (!t) return;
      const s = phraseKey.get(normalizePhrase(t.subject));
      const o = phraseKey.get(normalizePhrase(t.object));
      const title = `beam ${i + 1} · step ${last.step} · score ${seq.score.toFixed(3)} · ${t.subject} | ${t.predicate} | ${t.object}`;
      for (const k of [s, o]) if (k) b.tag(k, `beam ${i + 1}`);
      if (s && o) b.connect(s, o, color, title, `ov:beam:${i}:${j}`);
      const join = `beam ${i + 1} · score ${seq.score.toFixed(3)} · next triple`;
      if (prev && s && prev !== s) b.connect(prev, s, color, join, `ov:beam:${i}:${j}:join`);
      prev = o ?? s ?? prev;
    });
  }
}

/** The evidence paths (graph-paths.ts) as an overlay: seed -> bridge in the bridge colour, on to gold in gold. */
export function pathOverlay(paths: EvidencePaths): Overlay {
  return {
    ...EMPTY_OVERLAY,
    edges: new Map([...paths.edges].map(([k, kind]) => [k, PATH_COLORS[kind]])),
    titles: new Map([...paths.edges].map(([k, kind]) => [k, PATH_TITLES[kind]])),
  };
}

/** The step's overlay over the evidence paths: the step's colours win where both draw an edge. */
export function mergeOverlays(under: Overlay, over: Overlay): Overlay {
  return {
    edges: new Map([...under.edges, ...over.edges]),
    nodes: new Map([...under.nodes, ...over.nodes]),
    links: [...under.links, ...over.links],
    titles: new Map([...under.titles, ...over.titles]),
    focus: over.focus || under.focus,
  };
}
