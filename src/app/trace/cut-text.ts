// What the μ+σ cut (BDTR Eq. 6, Alg. 1 lines 10-11) kept, told from its own numbers: the verifier's
// promoted passages first (kept whatever their score), then the passages at or above μ+σ, then any
// filled in to reach the minimum (below μ+σ). Used by the step caption and the verifier panel.

/** The promoted passages kept, with the range of their own scores (null when unknown); the passers; the filled. */
export function cutParts(
  cut: { threshold: number; kept: readonly string[] },
  selected: readonly string[],
  scoreOf: (id: string) => number | undefined,
) {
  const chosen = new Set(selected);
  const eps = 1e-9 * Math.max(1, Math.abs(cut.threshold));
  const promotedScores: number[] = [];
  let promoted = 0;
  let passers = 0;
  let filled = 0;
  for (const id of cut.kept) {
    const s = scoreOf(id);
    if (chosen.has(id)) {
      promoted++;
      if (s !== undefined) promotedScores.push(s);
    } else if (s === undefined || s >= cut.threshold - eps) passers++;
    else filled++;
  }
  const known = promotedScores.length > 0;
  return {
    promoted: {
      n: promoted,
      min: known ? Math.min(...promotedScores) : null,
      max: known ? Math.max(...promotedScores) : null,
    },
    passers,
    filled,
  };
}

const range = (min: number | null, max: number | null) =>
  min === null || max === null
    ? ''
    : min === max
      ? ` (score ${min.toFixed(2)})`
      : ` (scores ${min.toFixed(2)}–${max.toFixed(2)})`;

/** "3 promoted by the verifier (scores 0.15–0.30), 4 scoring at least μ+σ = 0.61, 1 filled in to reach 5". */
export function cutSummary(parts: ReturnType<typeof cutParts>, threshold: number, minKept?: number): string {
  const out: string[] = [];
  if (parts.promoted.n > 0)
    out.push(`${parts.promoted.n} promoted by the verifier${range(parts.promoted.min, parts.promoted.max)}`);
  out.push(`${parts.passers} scoring at least μ+σ = ${threshold.toFixed(2)}`);
  if (parts.filled > 0)
    out.push(`${parts.filled} below μ+σ, filled in to reach the minimum${minKept ? ` of ${minKept}` : ''}`);
  return out.join(', ');
}
