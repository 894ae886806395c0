// The reranker port (DualRAG Eq. 8, D_e = Rerank(e, D̂_e)): scores candidate passages against a short
// query (DualRAG: the entity name). Hosts pass an implementation into the strategy context; core holds
// the model-free lexical one (lexical.ts), providers hold the cross-encoder (transformers.js ONNX).
import { HopscopeError } from '../errors.ts';

export interface RerankCandidate {
  id: string;
  title: string;
  text: string;
  /** The backbone's best rank of this passage for the queries that retrieved it (1 = top); the lexical reranker uses it as a prior, a cross-encoder ignores it. */
  rank?: number;
}

export interface RerankScore {
  id: string;
  /** A cross-encoder's raw logit, or the lexical reranker's overlap; <= 0 means "irrelevant". */
  score: number;
}

export interface Reranker {
  /** Shown in traces (the rerank event's label) and UIs. */
  readonly name: string;
  /** True for a stand-in with no model (labelled as such wherever its results appear). */
  readonly heuristic: boolean;
  /** One score per candidate, in the candidates' order. */
  score(query: string, candidates: readonly RerankCandidate[], signal?: AbortSignal): Promise<RerankScore[]>;
}

export class RerankError extends HopscopeError {
  override readonly name: string = 'RerankError';
}

/**
 * The documents a reranking keeps: score > 0 (the DualRAG authors' code drops documents whose
 * cross-encoder logit is <= 0), best first, at most `top`; ties keep the candidates' order.
 */
export function keepReranked(scores: readonly RerankScore[], top: number): RerankScore[] {
  return scores
    .map((s, i) => ({ s, i }))
    .filter((x) => x.s.score > 0)
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .slice(0, top)
    .map((x) => x.s);
}
