// Eq. 4 (max-update over normalised scores), Alg. 1 line 9 (promotion) and Eq. 6 (mu + sigma cut),
// each against values computed by hand in the comments.
import { describe, expect, it } from 'vitest';
import { cutoff, promote } from '../../../src/core/strategies/calibrate.ts';
import { normalizeScores, ScorePool } from '../../../src/core/strategies/pool.ts';

const r = (id: string, score: number) => ({ id, score });

describe('normalizeScores', () => {
  it('maps each retrieval to [0, 1] by min-max, all-equal lists to 1, and keeps raw scores with "none"', () => {
    expect(normalizeScores([r('a', 12), r('b', 7), r('c', 2)], 'minmax')).toEqual([r('a', 1), r('b', 0.5), r('c', 0)]);
    expect(normalizeScores([r('a', -0.2), r('b', -0.6)], 'minmax')).toEqual([r('a', 1), r('b', 0)]); // cosine below zero
    expect(normalizeScores([r('a', 3e-5), r('b', 3e-5)], 'minmax')).toEqual([r('a', 1), r('b', 1)]);
    expect(normalizeScores([r('a', 12)], 'none')).toEqual([r('a', 12)]);
    expect(normalizeScores([], 'minmax')).toEqual([]);
  });
});

describe('ScorePool (Eq. 3-4)', () => {
  it("keeps each document's best score and re-sorts, ties in previous order", () => {
    const pool = new ScorePool();
    pool.merge([r('a', 0.9), r('b', 0.4)]);
    expect(pool.resort().map((e) => [e.id, e.rank, e.delta])).toEqual([
      ['a', 1, null],
      ['b', 2, null],
    ]);
    pool.merge([r('c', 0.9), r('b', 0.95), r('a', 0.1)]); // a keeps 0.9; b rises to 0.95; c ties a
    expect(pool.resort()).toEqual([
      { id: 'b', score: 0.95, rank: 1, delta: 1 },
      { id: 'a', score: 0.9, rank: 2, delta: -1 },
      { id: 'c', score: 0.9, rank: 3, delta: null },
    ]);
  });
});

describe('promote (Alg. 1 line 9)', () => {
  it('puts the verified documents on top in verifier order, each keeping its own score', () => {
    const p = promote([r('a', 1), r('b', 0.8), r('c', 0.5), r('d', 0.2)], ['d', 'b', 'd', 'zz']);
    expect(p.ranking).toEqual([r('d', 0.2), r('b', 0.8), r('a', 1), r('c', 0.5)]);
    expect(p.promoted).toEqual(['d', 'b']);
    expect(p.moves).toEqual([
      { id: 'd', from: 4, to: 1 },
      { id: 'b', from: 2, to: 2 },
    ]);
  });
  it('changes nothing when the verifier selects nothing', () => {
    expect(promote([r('a', 1), r('b', 0.5)], [])).toEqual({
      ranking: [r('a', 1), r('b', 0.5)],
      promoted: [],
      moves: [],
    });
  });
});

describe('cutoff (Eq. 6)', () => {
  it('keeps s >= mu + sigma over the top-50 when at least 5 pass', () => {
    // 6 documents at 1 and 14 at 0: mu = 0.3, sigma = sqrt(0.21) = 0.4583, threshold 0.7583 -> the six at 1.
    const ranking = [
      ...Array.from({ length: 6 }, (_, i) => r(`h${i}`, 1)),
      ...Array.from({ length: 14 }, (_, i) => r(`l${i}`, 0)),
    ];
    const c = cutoff(ranking);
    expect(c.mu).toBeCloseTo(0.3, 12);
    expect(c.sigma).toBeCloseTo(Math.sqrt(0.21), 12);
    expect(c.kept.map((x) => x.id)).toEqual(['h0', 'h1', 'h2', 'h3', 'h4', 'h5']);
  });
  it('keeps the first 5 when fewer pass, and everything when there are fewer than 5', () => {
    // scores 1, .5, .5, .2, .1, 0: mu = 2.3/6 = .3833, sigma = .3132, threshold .6966 -> only the first passes.
    const c = cutoff([r('a', 1), r('b', 0.5), r('c', 0.5), r('d', 0.2), r('e', 0.1), r('f', 0)]);
    expect(c.threshold).toBeCloseTo(2.3 / 6 + Math.sqrt((1 + 0.25 * 2 + 0.04 + 0.01) / 6 - (2.3 / 6) ** 2), 12);
    expect(c.kept.map((x) => x.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(cutoff([r('a', 1), r('b', 0)]).kept.map((x) => x.id)).toEqual(['a', 'b']);
    expect(cutoff([])).toEqual({ mu: 0, sigma: 0, threshold: 0, kept: [] });
  });
  it('all-equal scores give sigma 0 and keep every tie', () => {
    const ranking = Array.from({ length: 8 }, (_, i) => r(`x${i}`, 0.7));
    const c = cutoff(ranking);
    expect(c.sigma).toBe(0);
    expect(c.kept).toHaveLength(8);
  });
  it('computes mu and sigma over the top-50 only, then filters the whole ranking', () => {
    // top 50: 10 at 1, 40 at 0.5 -> mu 0.6, sigma 0.2, threshold 0.8; the 51st (0.9) passes too.
    const ranking = [
      ...Array.from({ length: 10 }, (_, i) => r(`a${i}`, 1)),
      ...Array.from({ length: 40 }, (_, i) => r(`b${i}`, 0.5)),
      r('late', 0.9),
    ];
    const c = cutoff(ranking);
    expect(c.mu).toBeCloseTo(0.6, 12);
    expect(c.sigma).toBeCloseTo(0.2, 12);
    expect(c.kept.map((x) => x.id)).toEqual([...Array.from({ length: 10 }, (_, i) => `a${i}`), 'late']);
  });
});

describe('cutoff with promotions (Alg. 1 lines 9-11): a promoted document is never cut', () => {
  // P_R: 60 documents with scores falling from 1 to 0 in steps of 1/59; the verifier picks the n
  // lowest-scoring of the top-30 (ranks 30, 29, ...), i.e. documents far below mu + sigma.
  const pr = Array.from({ length: 60 }, (_, i) => r(`d${i + 1}`, (59 - i) / 59));
  const top50 = pr.slice(0, 50).map((x) => x.score);
  const mu = top50.reduce((a, b) => a + b, 0) / 50;
  const sigma = Math.sqrt(top50.reduce((a, b) => a + (b - mu) ** 2, 0) / 50);
  const passers = pr.filter((x) => x.score >= mu + sigma).map((x) => x.id);

  it.each([1, 12, 20, 30])(
    '%i promotions: D_final = G in verifier order, then the other passers; mu and sigma from own scores',
    (n) => {
      const g = Array.from({ length: n }, (_, i) => `d${30 - i}`);
      const p = promote(pr, g);
      const c = cutoff(pr, 50, 5, p.promoted);
      expect(c.mu).toBeCloseTo(mu, 12); // the promotions do not move mu or sigma
      expect(c.sigma).toBeCloseTo(sigma, 12);
      const kept = c.kept.map((x) => x.id);
      expect(kept.slice(0, n)).toEqual(g);
      expect(kept.slice(n)).toEqual(passers.filter((id) => !g.includes(id)));
      expect(kept.length).toBeGreaterThanOrEqual(5);
      expect(c.kept.find((x) => x.id === 'd30')?.score).toBeCloseTo(30 / 59, 12); // own score kept
    },
  );

  it('fills up to 5 after G from the ranking when too few pass', () => {
    // two documents at 1, the rest at 0: mu + sigma lies between; G = one low document.
    const ranking = [r('a', 1), r('b', 1), ...Array.from({ length: 8 }, (_, i) => r(`z${i}`, 0))];
    expect(cutoff(ranking, 50, 5, ['z5']).kept.map((x) => x.id)).toEqual(['z5', 'a', 'b', 'z0', 'z1']);
  });
});
