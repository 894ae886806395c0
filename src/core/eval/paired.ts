// Paired 95% confidence intervals for "A vs B" on the same questions: the mean per-question difference
// (A − B) and a percentile bootstrap interval over questions. How: the questions both runs completed are
// sorted by id; 2,000 resamples of that many questions drawn with replacement (mulberry32 PRNG, seed
// 20260101), each giving the mean difference; the interval is the 2.5th and 97.5th percentiles of those
// means. Verdict: "ahead" when the interval lies above 0, "behind" when below, "tied" when it holds 0.
// Fixed seed and sorted ids: the same two runs always give the same interval, in the CLI and on the page.
import { MetricError } from './errors.ts';
import { mulberry32 } from '../random.ts';

const BOOTSTRAP = { resamples: 2000, seed: 20260101, level: 0.95 } as const;

/** One sentence saying how the interval is computed (printed beside every interval). */
export const BOOTSTRAP_NOTE =
  `paired 95% interval: percentile bootstrap over questions (${BOOTSTRAP.resamples} resamples, seed ${BOOTSTRAP.seed}); ` +
  'ahead or behind when it excludes 0, else tied';

export type Verdict = 'ahead' | 'tied' | 'behind';

export interface PairedInterval {
  /** Questions both runs have a score for. */
  n: number;
  meanA: number;
  meanB: number;
  /** Mean of A − B per question. */
  diff: number;
  lo: number;
  hi: number;
  verdict: Verdict;
}

export const verdictOf = (lo: number, hi: number): Verdict => (lo > 0 ? 'ahead' : hi < 0 ? 'behind' : 'tied');

/**
 * A − B over the questions both maps hold (question id -> per-question score); null when they share none.
 * Values must be finite numbers.
 */
export function pairedInterval(
  a: ReadonlyMap<string, number>,
  b: ReadonlyMap<string, number>,
  o: { resamples?: number; seed?: number } = {},
): PairedInterval | null {
  const ids = [...a.keys()].filter((id) => b.has(id)).sort();
  if (ids.length === 0) return null;
  const xa = ids.map((id) => a.get(id)!);
  const xb = ids.map((id) => b.get(id)!);
  const bad = ids.findIndex((_, i) => !Number.isFinite(xa[i]) || !Number.isFinite(xb[i]));
  if (bad >= 0)
    throw new MetricError('pairedInterval', `question "${ids[bad]}" has no finite score (${xa[bad]}, ${xb[bad]})`);
  const n = ids.length;
  const d = xa.map((v, i) => v - xb[i]!);
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const resamples = o.resamples ?? BOOTSTRAP.resamples;
  const random = mulberry32(o.seed ?? BOOTSTRAP.seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[Math.floor(random() * n)]!;
    means[r] = s / n;
  }
  means.sort();
  const tail = (1 - BOOTSTRAP.level) / 2;
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.round(q * (resamples - 1))))]!;
  const lo = at(tail);
  const hi = at(1 - tail);
  return { n, meanA: mean(xa), meanB: mean(xb), diff: mean(d), lo, hi, verdict: verdictOf(lo, hi) };
}

/** "+2.2 points [+0.1, +4.3], ahead" (scores in [0, 1] shown as points, i.e. ×100). */
export function formatInterval(p: PairedInterval): string {
  const pt = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;
  return `${pt(p.diff)} points [${pt(p.lo)}, ${pt(p.hi)}], ${p.verdict}`;
}
