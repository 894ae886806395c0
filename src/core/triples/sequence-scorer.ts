// score(q, T∘t) of GEAR's Diverse Triple Beam Search (Alg. 1 lines 3 and 13): how well a sequence of
// triples, read as one text, matches the query. The paper uses the cosine of SBERT embeddings (§4.2,
// App. B.2); that is `embedding` here, used whenever an embedder is configured. Without one, a LEXICAL
// stand-in scores the sequence, labelled as such in the trace options and the README:
//   - `idf-coverage`: the idf mass of the query's distinct terms that the sequence contains, over the
//     idf mass of all its (known) terms, in [0, 1]. A chain that covers more of the question scores more.
//   - `idf-cosine`: cosine of idf-weighted term vectors (a term counts once per triple), in [0, 1].
// idf is over the triple index (one triple = one document): ln(1 + (N - df + 0.5) / (df + 0.5)).
// Both were measured (README, "GEAR"); the default is the better one on the first half of each set.
import type { Embedder } from '../embed/port.ts';
import { tokenize } from '../text/tokenize.ts';
import { tripleText, type TripleIndex } from './triple-index.ts';

export const LEXICAL_SCORERS = ['idf-coverage', 'idf-cosine'] as const;
export type LexicalScorerName = (typeof LEXICAL_SCORERS)[number];
export const DEFAULT_LEXICAL_SCORER: LexicalScorerName = 'idf-coverage';

/** Scores of sequences (triple indices, first to last) for one query, in input order. */
export type QueryScorer = (sequences: readonly (readonly number[])[], signal?: AbortSignal) => Promise<Float64Array>;

export interface SequenceScorer {
  /** Shown in the trace options: "lexical idf-coverage (no embedder; a stand-in for SBERT cosine)" or the embedder. */
  readonly label: string;
  readonly kind: 'lexical' | 'embedding';
  forQuery(query: string, signal?: AbortSignal): Promise<QueryScorer>;
}

export function createLexicalScorer(
  index: TripleIndex,
  name: LexicalScorerName = DEFAULT_LEXICAL_SCORER,
): SequenceScorer {
  const n = index.size;
  const idf = Float64Array.from(index.termDf, (df) => Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  // Per-query scratch: query weight per term id (0 = not a query term).
  const weight = new Float64Array(idf.length);
  const seqCount = new Uint16Array(idf.length);
  return {
    label: `lexical ${name} (no embedder; a stand-in for the paper's SBERT cosine)`,
    kind: 'lexical',
    async forQuery(query) {
      const q = new Map<number, number>();
      for (const tok of tokenize(query)) {
        const id = index.termId(tok);
        if (id !== undefined) q.set(id, (q.get(id) ?? 0) + 1);
      }
      const terms = [...q.keys()];
      let qNorm = 0;
      let qMass = 0;
      for (const [id, tf] of q) {
        qNorm += (tf * idf[id]!) ** 2;
        qMass += idf[id]!;
      }
      qNorm = Math.sqrt(qNorm);
      return async (sequences) => {
        const out = new Float64Array(sequences.length);
        if (terms.length === 0) return out;
        for (const [id, tf] of q) weight[id] = name === 'idf-cosine' ? tf * idf[id]! * idf[id]! : idf[id]!;
        sequences.forEach((seq, s) => {
          let dot = 0;
          let norm = 0;
          const touched: number[] = [];
          for (const t of seq) {
            for (const id of index.tokenIds[t]!) {
              if (seqCount[id] === 0) touched.push(id);
              seqCount[id]! += 1;
            }
          }
          for (const id of touched) {
            const c = seqCount[id]!;
            if (name === 'idf-cosine') {
              norm += (c * idf[id]!) ** 2;
              dot += c * weight[id]!;
            } else if (weight[id]! > 0) dot += weight[id]!;
            seqCount[id] = 0;
          }
          out[s] = name === 'idf-cosine' ? (norm > 0 ? dot / (qNorm * Math.sqrt(norm)) : 0) : dot / qMass;
        });
        for (const id of terms) weight[id] = 0;
        return out;
      };
    },
  };
}

/** The paper's scorer: cosine between the embedded query and the embedded sequence text. */
export function createEmbeddingScorer(index: TripleIndex, embedder: Embedder): SequenceScorer {
  return {
    label: `embedding cosine (${embedder.label})`,
    kind: 'embedding',
    async forQuery(query, signal) {
      const q = (await embedder.embed([query], signal)).data;
      return async (sequences, sig) => {
        const texts = sequences.map((seq) => seq.map((t) => tripleText(index.triple(t))).join('. '));
        const e = await embedder.embed(texts, sig ?? signal);
        const out = new Float64Array(sequences.length);
        for (let s = 0; s < sequences.length; s++) {
          let dot = 0;
          for (let d = 0; d < e.dim; d++) dot += q[d]! * e.data[s * e.dim + d]!;
          out[s] = dot;
        }
        return out;
      };
    },
  };
}

/** Relevance of single triples to a query, for capping neighbour lists (Alg. 1's 100 neighbours). */
export interface TripleRelevance {
  (triple: number): number;
  /**
   * The triples of an ascending list with relevance > 0, and their relevance (equal to calling the
   * function on each): found by intersecting the list with the query terms' postings, so a hub entity's
   * thousands of triples are not looked at one by one.
   */
  positivesIn?(list: Uint32Array): Map<number, number>;
}

/**
 * idf mass of the query's distinct terms each triple contains (idf-coverage of a one-triple sequence, up
 * to the constant denominator). Computed on demand from the triple's own few term ids: the search asks
 * only for the triples of the entities it reaches (a hub's thousands are ranked once per query), and a
 * per-query score array over all of T (2 MB on HotpotQA) made the garbage collector pause queries (bench
 * `gear`: p95). Sums in float32, query-term order, as that array did, so rankings and ties are unchanged.
 */
export function createQueryRelevance(index: TripleIndex, query: string): TripleRelevance {
  const n = index.size;
  const terms: number[] = [];
  const idfs: number[] = [];
  for (const tok of tokenize(query)) {
    const id = index.termId(tok);
    if (id === undefined || terms.includes(id)) continue;
    const df = index.termDf[id]!;
    terms.push(id);
    idfs.push(Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  if (terms.length === 0) return Object.assign(() => 0, { positivesIn: () => new Map<number, number>() });
  const tokenIds = index.tokenIds;
  const relevance: TripleRelevance = (t) => {
    const ids = tokenIds[t]!;
    let score = 0;
    for (let k = 0; k < terms.length; k++) {
      const id = terms[k]!;
      for (let j = 0; j < ids.length; j++) {
        if (ids[j] === id) {
          score = Math.fround(score + idfs[k]!);
          break;
        }
      }
    }
    return score;
  };
  relevance.positivesIn = (list) => {
    const acc = new Map<number, number>();
    terms.forEach((id, k) => {
      intersectSorted(list, index.triplesWithTerm(id), (t) => acc.set(t, Math.fround((acc.get(t) ?? 0) + idfs[k]!)));
    });
    return acc;
  };
  return relevance;
}

/** Calls `hit` for every value in both ascending arrays, ascending: walks the shorter, gallops in the longer. */
function intersectSorted(a: Uint32Array, b: Uint32Array, hit: (v: number) => void): void {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  let lo = 0;
  for (let i = 0; i < small.length && lo < large.length; i++) {
    const v = small[i]!;
    // exponential then binary search for the first large[j] >= v, from lo
    let step = 1;
    let hi = lo;
    while (hi < large.length && large[hi]! < v) {
      lo = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, large.length);
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (large[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo < large.length && large[lo] === v) hit(v);
  }
}
