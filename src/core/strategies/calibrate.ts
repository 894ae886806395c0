// Bridge-Guided Evidence Calibration after the verifier (BDTR Algorithm 1 lines 9-11, Eq. 5-6).
import type { Ranked } from '../types.ts';

export interface Promotion {
  ranking: Ranked[];
  moves: { id: string; from: number; to: number }[];
}

/**
 * Alg. 1 line 9: put the verified documents G on top of P_R in the verifier's order (strongest
 * first), the rest keeping their order. So that the score order agrees with the new rank order (Eq. 6
 * filters on scores), the i-th of |G| promoted documents scores `top + (|G| - i) * step` where `top` is
 * the best score in the pool before promotion: just above the previous best, in verifier order.
 */
export function promote(ranking: readonly Ranked[], selected: readonly string[], step = 0.01): Promotion {
  const ids = new Set(ranking.map((r) => r.id));
  const chosen = [...new Set(selected)].filter((id) => ids.has(id));
  const top = ranking[0]?.score ?? 0;
  const promotedScore = new Map(chosen.map((id, i) => [id, top + (chosen.length - i) * step]));
  const rest = ranking.filter((r) => !promotedScore.has(r.id));
  const next = [...chosen.map((id) => ({ id, score: promotedScore.get(id)! })), ...rest.map((r) => ({ ...r }))];
  const before = new Map(ranking.map((r, i) => [r.id, i + 1]));
  const moves = chosen.map((id, i) => ({ id, from: before.get(id)!, to: i + 1 }));
  return { ranking: next, moves };
}

export interface Cutoff {
  mu: number;
  sigma: number;
  threshold: number;
  kept: Ranked[];
}

/**
 * Eq. 6 with Alg. 1 lines 10-11: mu and sigma (population standard deviation) of the top-`topK`
 * scores; keep every document of the ranking with s(d) >= mu + sigma, in ranking order; when fewer
 * than `minKept` pass, keep the first `minKept` (or the whole ranking when it is shorter).
 * All-equal scores give sigma = 0 and keep everything that ties at the threshold.
 */
export function cutoff(ranking: readonly Ranked[], topK = 50, minKept = 5): Cutoff {
  const top = ranking.slice(0, topK).map((r) => r.score);
  if (top.length === 0) return { mu: 0, sigma: 0, threshold: 0, kept: [] };
  // All-equal scores: exactly mu = that score and sigma = 0 (summation would leave rounding noise).
  const equal = top.every((s) => s === top[0]);
  const mu = equal ? top[0]! : top.reduce((a, b) => a + b, 0) / top.length;
  const sigma = equal ? 0 : Math.sqrt(top.reduce((a, b) => a + (b - mu) ** 2, 0) / top.length);
  const threshold = mu + sigma;
  // A tiny tolerance so that floating-point noise (e.g. all-equal scores) does not drop a tie.
  const eps = 1e-12 * Math.max(1, Math.abs(threshold));
  let kept = ranking.filter((r) => r.score >= threshold - eps);
  if (kept.length < minKept) kept = ranking.slice(0, minKept);
  return { mu, sigma, threshold, kept: kept.map((r) => ({ ...r })) };
}
