// GEAR's graph expansion over any base retriever (§4), as two backbones:
//   naivege  initial triples = every triple of the base's top passages, no LLM (§6.2 "NaiveGE")
//   syncge   the LLM reads the base's top passages into proximal triples (Eq. 1, prompt J.2), each is
//            linked to its most similar triple of T by BM25 over triple strings (tripleLink, Eq. 2)
// then Diverse Triple Beam Search (Alg. 1, triple-beam.ts), the final beams flattened breadth-first,
// mapped to their passages, and fused with the base list by RRF, k = 60 (Eq. 3).
// Depths: the base list fused is the requested top-k; the passages the expansion starts from are the
// base's top `seedTop` (10: GEAR's "10 retrieved chunks before knowledge synchronisation", App. B.2).
// retrieveItems returns the beam triples as `triple` items (with their passage) and every beam step, so
// the strategy layer records them as trace `beam` events; SyncGE's read goes through the run's LLM
// (hooks.ask) when a strategy runs it, else through the LLM the backbone was built with.
import { HopscopeError, throwIfAborted } from '../errors.ts';
import type { LlmPort, LlmRequest } from '../llm/port.ts';
import { tripleId, type TripleIndex } from '../triples/triple-index.ts';
import { createLexicalScorer, createQueryRelevance, type SequenceScorer } from '../triples/sequence-scorer.ts';
import type {
  BeamRecord,
  Passage,
  Ranked,
  RetrievedItem,
  RetrievedWithItems,
  RetrieveHooks,
  Retriever,
} from '../types.ts';
import { rrf, RRF_DEFAULTS } from './rrf.ts';
import {
  BEAM_DEFAULTS,
  cappedNeighbourGraph,
  diverseTripleBeamSearch,
  flattenBreadthFirst,
  type BeamOptions,
  type BeamResult,
} from './triple-beam.ts';
import type { ReplyForm } from '../llm/reply-form.ts';

export type ProximalTriple = [subject: string, predicate: string, object: string];

/** The J.2 reader as a port (core may not import prompts): the host passes src/prompts/gear-reader.ts. */
export interface ProximalReadPrompt {
  module: string;
  version: string;
  build(
    query: string,
    passages: readonly { title: string; text: string }[],
    gist?: readonly ProximalTriple[],
  ): LlmRequest['messages'];
  /** Throws LlmOutputError (typed, counted by the batch) on a reply with no triple. */
  parse(reply: string): { triples: ProximalTriple[]; rejected: number };
  /** The form the reply was read from (recorded on the trace's `llm` event). */
  form?(reply: string): ReplyForm;
}

export interface GraphExpansionOptions {
  beam: BeamOptions;
  /** Base passages the expansion starts from (read by SyncGE, mined for triples by NaiveGE). */
  seedTop: number;
  /** RRF k of Eq. 3. */
  rrfK: number;
}

export const GRAPH_EXPANSION_DEFAULTS: Readonly<GraphExpansionOptions> = Object.freeze({
  beam: BEAM_DEFAULTS,
  seedTop: 10,
  rrfK: RRF_DEFAULTS.k,
});

export interface Expansion {
  /** RRF(passages of the flattened beams, base), best first. */
  results: Ranked[];
  search: BeamResult;
}

/** What the GEAR agent needs from a graph-expansion backbone besides retrieve(). */
export interface GraphExpander {
  readonly base: Retriever;
  readonly index: TripleIndex;
  readonly scorer: SequenceScorer;
  readonly options: GraphExpansionOptions;
  /** tripleLink (Eq. 2): the most similar triple of T (BM25 over triple strings), or undefined when nothing matches. */
  tripleLink(t: ProximalTriple): number | undefined;
  /** Beam search from `initial`, beams -> passages, RRF with `base` (Eq. 3). */
  expand(query: string, initial: readonly number[], base: readonly Ranked[], signal?: AbortSignal): Promise<Expansion>;
  /** Trace form of a search: one record per step. */
  beamRecords(search: BeamResult): BeamRecord[];
  /** Triple items (kind 'triple') of the final beams, breadth-first, with their passages. */
  beamItems(search: BeamResult): RetrievedItem[];
}

export type GraphExpansionRetriever = Retriever & {
  readonly expansion: GraphExpander;
  readonly mode: 'naive' | 'sync';
};

function createGraphExpander(
  base: Retriever,
  index: TripleIndex,
  scorer?: SequenceScorer,
  options: Partial<GraphExpansionOptions> = {},
): GraphExpander {
  const o: GraphExpansionOptions = {
    ...GRAPH_EXPANSION_DEFAULTS,
    ...options,
    beam: { ...BEAM_DEFAULTS, ...options.beam },
  };
  const sc = scorer ?? createLexicalScorer(index);
  const tripleRef = (t: number) => {
    const x = index.triple(t);
    return { id: tripleId(t), subject: x.subject, predicate: x.predicate, object: x.object, passage: x.passage };
  };
  return {
    base,
    index,
    scorer: sc,
    options: o,
    tripleLink(t) {
      return index.search(t.join(' '), 1)[0]?.triple;
    },
    async expand(query, initial, baseList, signal) {
      const score = await sc.forQuery(query, signal);
      // Neighbour caps rank by the query's lexical relevance of single triples, whatever the scorer;
      // each entity's triples are ranked once per query (cappedNeighbourGraph: the same candidates).
      const relevance = createQueryRelevance(index, query);
      const graph = cappedNeighbourGraph(index, relevance, o.beam.neighbours + o.beam.width * o.beam.length + 1);
      const search = await diverseTripleBeamSearch(initial, graph, score, o.beam, relevance, signal);
      const seen = new Set<string>();
      const expanded: Ranked[] = [];
      for (const t of flattenBreadthFirst(search.beams)) {
        const p = index.triple(t).passage;
        if (!seen.has(p)) {
          seen.add(p);
          expanded.push({ id: p, score: 1 / (expanded.length + 1) });
        }
      }
      return { results: rrf([expanded, baseList], { k: o.rrfK }), search };
    },
    beamRecords(search) {
      return search.steps.map((s) => {
        const ids = new Set<number>();
        for (const q of [...s.kept, ...s.pruned]) for (const t of q.triples) ids.add(t);
        const seq = (q: { triples: number[]; score: number; weight: number }) => ({
          triples: q.triples.map(tripleId),
          score: q.score,
          weight: q.weight,
        });
        return { step: s.step, kept: s.kept.map(seq), pruned: s.pruned.map(seq), triples: [...ids].map(tripleRef) };
      });
    },
    beamItems(search) {
      const best = new Map<number, number>();
      for (const b of search.beams) for (const t of b.triples) if (!best.has(t)) best.set(t, b.score);
      return flattenBreadthFirst(search.beams).map((t) => {
        const x = index.triple(t);
        return {
          kind: 'triple',
          id: tripleId(t),
          score: best.get(t)!,
          text: `${x.subject} | ${x.predicate} | ${x.object}`,
          passages: [x.passage],
        };
      });
    },
  };
}

export interface GraphExpansionDeps {
  base: Retriever;
  index: TripleIndex;
  scorer?: SequenceScorer;
  options?: Partial<GraphExpansionOptions>;
  /** syncge: the read prompt (J.2), the LLM used outside a strategy run, and passage text lookup. */
  read?: { prompt: ProximalReadPrompt; llm: LlmPort; passage: (id: string) => Passage | undefined };
}

const syncError = (message: string) => new HopscopeError('retrievers.syncge', message);

export function createGraphExpansionRetriever(
  mode: 'naive' | 'sync',
  deps: GraphExpansionDeps,
): GraphExpansionRetriever {
  const expansion = createGraphExpander(deps.base, deps.index, deps.scorer, deps.options);
  const name = mode === 'naive' ? 'naivege' : 'syncge';
  if (mode === 'sync' && !deps.read)
    throw syncError('syncge needs a read step: an LLM (--llm <spec>) and the J.2 reader prompt');
  const { index, options } = expansion;

  async function initialTriples(
    query: string,
    baseList: readonly Ranked[],
    signal?: AbortSignal,
    hooks?: RetrieveHooks,
  ): Promise<number[]> {
    const seeds = baseList.slice(0, options.seedTop);
    if (mode === 'naive') return seeds.flatMap((r) => index.ofPassage(r.id));
    const read = deps.read!;
    const passages = seeds.map((r) => {
      const p = read.passage(r.id);
      if (!p) throw syncError(`base retriever returned passage "${r.id}", which the passage lookup does not hold`);
      return p;
    });
    const request = { module: read.prompt.module, messages: read.prompt.build(query, passages) };
    const reply = hooks?.ask
      ? await hooks.ask(
          request,
          seeds.map((r) => r.id),
        )
      : await read.llm.complete(request, signal);
    const { triples } = read.prompt.parse(reply.text); // Eq. 1
    return triples.map((t) => expansion.tripleLink(t)).filter((t): t is number => t !== undefined); // Eq. 2
  }

  async function run(
    query: string,
    k: number,
    signal?: AbortSignal,
    hooks?: RetrieveHooks,
  ): Promise<{ exp: Expansion; k: number }> {
    throwIfAborted(signal, `retrievers.${name}`);
    const depth = Math.floor(k);
    const baseList = await deps.base.retrieve(query, Math.max(depth, options.seedTop), signal);
    const initial = await initialTriples(query, baseList, signal, hooks);
    throwIfAborted(signal, `retrievers.${name}`);
    return { exp: await expansion.expand(query, initial, baseList.slice(0, depth), signal), k: depth };
  }

  return {
    name,
    scores: 'comparable', // Eq. 3: RRF of the base list and the expansion
    mode,
    expansion,
    readsWithRunLlm: mode === 'sync',
    async retrieve(query, k, signal) {
      if (!(k > 0)) return [];
      const { exp, k: depth } = await run(query, k, signal);
      return exp.results.slice(0, depth);
    },
    async retrieveItems(query, k, signal, hooks): Promise<RetrievedWithItems> {
      if (!(k > 0)) return { results: [], items: [] };
      const { exp, k: depth } = await run(query, k, signal, hooks);
      return {
        results: exp.results.slice(0, depth),
        items: expansion.beamItems(exp.search),
        beams: expansion.beamRecords(exp.search),
      };
    },
  };
}
