// Diverse Triple Beam Search, GEAR Algorithm 1 (§4.2), with App. B.2's hyperparameters:
//   B_0 = top-b of the initial triples by score(q, [t])                               (lines 1-5)
//   for i in 1 .. l-1, for every beam <s, T> of B_{i-1}:
//     V = <s + score(q, T∘t), T∘t> for t in get_neighbours(T.last) not in B_{i-1}      (lines 9-14)
//     sort V descending; the n-th (0-based) candidate's score is multiplied by
//     exp(-min(n, gamma) / gamma): the diversity decay within one beam's candidates     (lines 15-19)
//   B_i = top-b of all beams' candidates                                              (line 20)
// b = 10, l = 2, 100 neighbours per beam, gamma = 2b. get_neighbours = triples sharing the head or tail
// entity of the last triple (TripleIndex.neighbours). `exists(t, B_{i-1})` = t is in any sequence of
// B_{i-1}. gamma = Infinity turns the decay off (weight 1): standard beam search, the Table 4 ablation.
// Ours, where the paper is silent: (1) when a triple has more than 100 neighbours, the 100 kept are
// those whose own triple best matches the query under `prefilter` (cheap and lexical; ties in index
// order), as an entity-filtered search of T would rank them; (2) if no beam can be extended at all,
// B_{i-1} is returned (the algorithm would return an empty beam); (3) ties keep input order.
import { HopscopeError, throwIfAborted } from '../errors.ts';
import { selectTopK } from '../index/topk.ts';
import type { QueryScorer, TripleRelevance } from '../triples/sequence-scorer.ts';

export interface BeamOptions {
  /** b, the beam width. */
  width: number;
  /** l, the maximum sequence length. */
  length: number;
  /** Neighbours considered per beam and step. */
  neighbours: number;
  /** gamma of the diversity decay; Infinity = no diversity (standard beam search). */
  gamma: number;
}

export const BEAM_DEFAULTS: Readonly<BeamOptions> = Object.freeze({ width: 10, length: 2, neighbours: 100, gamma: 20 });

export interface BeamSequence {
  triples: number[];
  score: number;
  /** The diversity weight the last extension received (1 for B_0 and for each beam's best candidate). */
  weight: number;
}

export interface BeamStep {
  /** 1 = B_0 (initial triples), 2 = after the first extension, ... */
  step: number;
  kept: BeamSequence[];
  /** Scored and not kept, best first (at most `prunedCap`, so traces stay small). */
  pruned: BeamSequence[];
}

export interface BeamResult {
  /** The final beams, best first. */
  beams: BeamSequence[];
  steps: BeamStep[];
}

export interface BeamGraph {
  neighbours(triple: number): readonly number[];
}

const PRUNED_CAP = 30;

export function diversityWeight(n: number, gamma: number): number {
  return gamma === Infinity ? 1 : Math.exp(-Math.min(n, gamma) / gamma);
}

function checkOptions(o: BeamOptions): void {
  for (const name of ['width', 'length', 'neighbours'] as const)
    if (!Number.isInteger(o[name]) || o[name] < 1)
      throw new HopscopeError('retrievers.beam', `${name} must be a positive integer, got ${String(o[name])}`);
  if (!(o.gamma > 0))
    throw new HopscopeError('retrievers.beam', `gamma must be > 0 (Infinity = no diversity), got ${String(o.gamma)}`);
}

const strip = ({ triples, score, weight }: BeamSequence): BeamSequence => ({ triples, score, weight });
const byScore = <T extends { score: number; order: number }>(a: T, b: T) => b.score - a.score || a.order - b.order;

export async function diverseTripleBeamSearch(
  initial: readonly number[],
  graph: BeamGraph,
  score: QueryScorer,
  options: Partial<BeamOptions> = {},
  prefilter?: TripleRelevance,
  signal?: AbortSignal,
): Promise<BeamResult> {
  const o = { ...BEAM_DEFAULTS, ...options };
  checkOptions(o);
  const start = [...new Set(initial)];
  const steps: BeamStep[] = [];
  if (start.length === 0) return { beams: [], steps };
  // lines 1-5
  const singles = start.map((t) => [t]);
  const s0 = await score(singles, signal);
  const b0 = start.map((t, i) => ({ triples: [t], score: s0[i]!, weight: 1, order: i })).sort(byScore);
  let beams = b0.slice(0, o.width).map(strip);
  steps.push({ step: 1, kept: beams, pruned: b0.slice(o.width, o.width + PRUNED_CAP).map(strip) });

  for (let i = 1; i < o.length; i++) {
    throwIfAborted(signal, 'retrievers.beam');
    const visited = new Set(beams.flatMap((b) => b.triples)); // exists(t, B_{i-1})
    const all: (BeamSequence & { order: number })[] = [];
    for (const beam of beams) {
      let cands = graph.neighbours(beam.triples[beam.triples.length - 1]!).filter((t) => !visited.has(t));
      if (cands.length > o.neighbours) cands = topByPrefilter(cands, o.neighbours, prefilter);
      if (cands.length === 0) continue;
      const seqs = cands.map((t) => [...beam.triples, t]);
      const s = await score(seqs, signal); // line 13
      const v = seqs.map((triples, k) => ({ triples, score: beam.score + s[k]!, order: k })).sort(byScore); // line 15
      v.forEach((c, n) => {
        const weight = diversityWeight(n, o.gamma); // line 18
        all.push({ triples: c.triples, score: c.score * weight, weight, order: all.length });
      });
    }
    if (all.length === 0) break; // no beam can grow: keep B_{i-1}
    all.sort(byScore);
    beams = all.slice(0, o.width).map(strip); // line 20
    steps.push({ step: i + 1, kept: beams, pruned: all.slice(o.width, o.width + PRUNED_CAP).map(strip) });
  }
  return { beams, steps };
}

/** The k candidates with the best relevance (ties, and the zero-relevance rest, in candidate order). */
function topByPrefilter(cands: readonly number[], k: number, prefilter: TripleRelevance | undefined): number[] {
  if (!prefilter) return cands.slice(0, k);
  const scores = Float64Array.from(cands, (t) => prefilter(t));
  const best = Array.from(bestPositions(scores, k), (p) => cands[p]!);
  if (best.length >= k) return best;
  return [...best, ...cands.filter((_, p) => !(scores[p]! > 0)).slice(0, k - best.length)];
}

/** Positions of the k best positive scores, best first, ties to the lower position. */
function bestPositions(scores: Float64Array, k: number): Uint32Array {
  const positive = new Uint32Array(scores.length);
  let m = 0;
  for (let p = 0; p < scores.length; p++) if (scores[p]! > 0) positive[m++] = p;
  return selectTopK(scores, positive, m, k);
}

/** The triples of the beams flattened breadth-first: every beam's first triple, then every second, ... (deduplicated). */
export function flattenBreadthFirst(beams: readonly BeamSequence[]): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const longest = Math.max(0, ...beams.map((b) => b.triples.length));
  for (let pos = 0; pos < longest; pos++) {
    for (const b of beams) {
      const t = b.triples[pos];
      if (t !== undefined && !seen.has(t)) {
        seen.add(t);
        out.push(t);
      }
    }
  }
  return out;
}

/** Entity lists longer than this are ranked through the query terms' postings (positivesIn). */
const HUB = 256;

/**
 * The neighbour graph of one query with each entity's triples pre-ranked by relevance and cut to `keep`
 * (Alg. 1's cap of 100, plus room for the visited triples and the triple itself): the search then sees
 * exactly the candidates it would have kept from the full lists, and a hub entity is ranked once per
 * query instead of once per beam and step. `keep` must be >= neighbours + width * length + 1.
 */
export function cappedNeighbourGraph(
  index: { entitiesOf(t: number): [number, number]; triplesOfEntity(e: number): Uint32Array },
  relevance: TripleRelevance,
  keep: number,
): BeamGraph {
  const cache = new Map<number, { t: number; score: number }[]>();
  const ranked = (e: number) => {
    let list = cache.get(e);
    if (!list) {
      const all = index.triplesOfEntity(e);
      let ids: ArrayLike<number> = all;
      let scores: Float64Array;
      let zeroAt: (p: number) => boolean;
      if (relevance.positivesIn && all.length > HUB) {
        // a hub: only the triples holding a query term need a score (the list is ascending, so the
        // triple id orders ties as its position would)
        const positive = relevance.positivesIn(all);
        ids = [...positive.keys()].sort((a, b) => a - b);
        scores = Float64Array.from(ids, (t) => positive.get(t)!);
        zeroAt = (p) => !(positive.get(all[p]!)! > 0);
      } else {
        const own = (scores = Float64Array.from(all, (t) => relevance(t)));
        zeroAt = (p) => !(own[p]! > 0);
      }
      const top = Array.from(bestPositions(scores, keep), (p) => ({ t: ids[p]!, score: scores[p]! }));
      const rest: { t: number; score: number }[] = [];
      for (let p = 0; p < all.length && rest.length < keep; p++) if (zeroAt(p)) rest.push({ t: all[p]!, score: 0 });
      list = [...top, ...rest].slice(0, keep);
      cache.set(e, list);
    }
    return list;
  };
  return {
    neighbours(t) {
      const [h, tl] = index.entitiesOf(t);
      // the full graph's order: the head's triples ascending, then the tail's not seen yet, ascending
      const out: number[] = [];
      const seen = new Set<number>([t]);
      for (const e of h === tl ? [h] : [h, tl]) {
        const mine = ranked(e)
          .map((c) => c.t)
          .filter((x) => !seen.has(x))
          .sort((a, b) => a - b);
        for (const x of mine) seen.add(x);
        out.push(...mine);
      }
      return out;
    },
  };
}
