// Which two lanes the complementarity plot compares: the two the user picks in its card, else the first two
// strategies the user chose to run (methods before retrieval baselines, which the batch lists first), so a
// run of BDTR and GEAR beside two baselines compares BDTR with GEAR, not the baselines with each other.

/**
 * The pair to compare among `lanes` (oracle runs already left out). `picked` is the user's choice (either
 * side may be unset or no longer among the lanes); `isBaselineLane` tells the baselines apart. Null with
 * fewer than two lanes; the two are always different lanes.
 */
export function complementarityPair(
  lanes: readonly string[],
  picked: readonly [string | null, string | null],
  isBaselineLane: (lane: string) => boolean,
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
