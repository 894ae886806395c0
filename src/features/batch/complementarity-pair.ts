/**
 * The two lanes a two-lane plot (complementarity, failure shift) compares among `lanes`: the user's pick (either
 * side may be unset or gone), else the first methods before the baselines, so BDTR and GEAR beside two baselines
 * compare BDTR with GEAR. Null with fewer than two lanes; the two always differ.
 */
export function complementarityPair(
  lanes: readonly string[],
  picked: readonly [string | null, string | null],
  isBaselineLane: (lane: string) => boolean = () => false,
): [string, string] | null {
  if (lanes.length < 2) return null;
  const preferred = [...lanes.filter((l) => !isBaselineLane(l)), ...lanes.filter((l) => isBaselineLane(l))];
  const a = picked[0] !== null && lanes.includes(picked[0]) ? picked[0] : (preferred[0] as string);
  const b =
    picked[1] !== null && lanes.includes(picked[1]) && picked[1] !== a
      ? picked[1]
      : (preferred.find((l) => l !== a) as string);
  return [a, b];
}
