// Bridge-Guided Evidence Calibration after the verifier (BDTR Algorithm 1 lines 9-11, Eq. 5-6).
//
// How we read lines 9-11 so that a promoted document can never be cut: line 9 puts G on top of P_R;
// line 10 takes mu and sigma over the top-50 of P_R with the documents' own (retrieval) scores — no
// made-up "promoted" scores enter them; line 11 keeps D_final = G (verifier order) followed by
// {d in P_R \ G : s(d) >= mu + sigma} (ranking order), filled from the ranking to at least 5.
// An earlier version gave promoted documents invented scores above the previous best; those then
// entered mu and sigma, and with many promotions (20 in 39 of 60 MuSiQue questions) the threshold
// rose above the promoted documents' own invented scores, so Eq. 6 cut documents the verifier chose.
import type { Ranked } from '../types.ts';

export interface Promotion {
  /** G first in the verifier's order, then the rest of P_R in its order; every score is the document's own. */
  ranking: Ranked[];
  /** The promoted ids G, verifier order, duplicates and ids outside P_R dropped. */
  promoted: string[];
  moves: { id: string; from: number; to: number }[];
}

/** Alg. 1 line 9: put the verified documents G on top of P_R in the verifier's order (strongest first). */
export function promote(ranking: readonly Ranked[], selected: readonly string[]): Promotion {
  const ids = new Set(ranking.map((r) => r.id));
  const chosen = [...new Set(selected)].filter((id) => ids.has(id));
  const inG = new Set(chosen);
  const byId = new Map(ranking.map((r) => [r.id, r]));
  const next = [
    ...chosen.map((id) => ({ ...byId.get(id)! })),
    ...ranking.filter((r) => !inG.has(r.id)).map((r) => ({ ...r })),
  ];
  const before = new Map(ranking.map((r, i) => [r.id, i + 1]));
  const moves = chosen.map((id, i) => ({ id, from: before.get(id)!, to: i + 1 }));
  return { ranking: next, promoted: chosen, moves };
}

export interface Cutoff {
  mu: number;
  sigma: number;
  threshold: number;
  kept: Ranked[];
}

/**
 * Eq. 6 with Alg. 1 lines 10-11 (see the header): mu and sigma (population standard deviation) of
 * the top-`topK` scores of `ranking` (P_R before promotion, own scores); D_final = the `promoted`
 * documents in their order, then every other document of the ranking with s(d) >= mu + sigma in
 * ranking order; when fewer than `minKept` result, the next documents of the ranking fill it up (the
 * whole ranking when it is shorter). All-equal scores give sigma = 0 and keep everything that ties.
 */
export function cutoff(ranking: readonly Ranked[], topK = 50, minKept = 5, promoted: readonly string[] = []): Cutoff {
  const top = ranking.slice(0, topK).map((r) => r.score);
  const byId = new Map(ranking.map((r) => [r.id, r]));
  const head = [...new Set(promoted)].flatMap((id) => (byId.has(id) ? [{ ...byId.get(id)! }] : []));
  if (top.length === 0) return { mu: 0, sigma: 0, threshold: 0, kept: head };
  // All-equal scores: exactly mu = that score and sigma = 0 (summation would leave rounding noise).
  const equal = top.every((s) => s === top[0]);
  const mu = equal ? top[0]! : top.reduce((a, b) => a + b, 0) / top.length;
  const sigma = equal ? 0 : Math.sqrt(top.reduce((a, b) => a + (b - mu) ** 2, 0) / top.length);
  const threshold = mu + sigma;
  // A tiny tolerance so that floating-point noise (e.g. all-equal scores) does not drop a tie.
  const eps = 1e-12 * Math.max(1, Math.abs(threshold));
  const inHead = new Set(head.map((r) => r.id));
  const rest = ranking.filter((r) => !inHead.has(r.id));
  const kept = [...head, ...rest.filter((r) => r.score >= threshold - eps).map((r) => ({ ...r }))];
  if (kept.length < minKept) {
    const have = new Set(kept.map((r) => r.id));
    for (const r of rest) {
      if (kept.length >= minKept) break;
      if (!have.has(r.id)) kept.push({ ...r });
    }
    // restore ranking order for the non-promoted part (fill-ups come after passers only by score order)
    const order = new Map(rest.map((r, i) => [r.id, i]));
    const tail = kept.slice(head.length).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    kept.splice(head.length, tail.length, ...tail);
  }
  return { mu, sigma, threshold, kept };
}
