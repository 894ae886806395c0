// Complementarity of strategies run on the same questions (BDTR paper Fig. 3): for each pair, how
// many questions each solves that the other does not. "Solved" is the caller's choice (e.g. EM = 1,
// or all gold passages in the top 5); a question missing from either run is left out of that pair.

/** Every pair of named runs, each once, in the map's order. */
export function runPairs<T>(runs: ReadonlyMap<string, T>): [[string, T], [string, T]][] {
  const list = [...runs];
  return list.flatMap((x, i) => list.slice(i + 1).map((y): [[string, T], [string, T]] => [x, y]));
}

/** runs: strategy name -> (question id -> solved). Per pair: the questions both runs hold, split four ways. */
export function complementarity(runs: ReadonlyMap<string, ReadonlyMap<string, boolean>>) {
  return runPairs(runs).map(([[aName, a], [bName, b]]) => {
    const row = { a: aName, b: bName, shared: 0, both: 0, onlyA: 0, onlyB: 0, neither: 0 };
    for (const [id, solvedA] of a) {
      const solvedB = b.get(id);
      if (solvedB === undefined) continue;
      row.shared++;
      if (solvedA && solvedB) row.both++;
      else if (solvedA) row.onlyA++;
      else if (solvedB) row.onlyB++;
      else row.neither++;
    }
    return row;
  });
}

export type PairComplementarity = ReturnType<typeof complementarity>[number];
