// Complementarity of strategies run on the same questions (BDTR paper Fig. 3): for each pair, how
// many questions each solves that the other does not. "Solved" is the caller's choice (e.g. EM = 1,
// or all gold passages in the top 5); a question missing from either run is left out of that pair.
import { MetricError } from './errors.ts';

export interface PairComplementarity {
  a: string;
  b: string;
  /** Questions both runs hold. */
  shared: number;
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

/** runs: strategy name -> (question id -> solved). */
export function complementarity(runs: ReadonlyMap<string, ReadonlyMap<string, boolean>>): PairComplementarity[] {
  const names = [...runs.keys()];
  if (new Set(names).size !== names.length) throw new MetricError('complementarity', 'duplicate run names');
  const out: PairComplementarity[] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = runs.get(names[i]!)!;
      const b = runs.get(names[j]!)!;
      const row: PairComplementarity = {
        a: names[i]!,
        b: names[j]!,
        shared: 0,
        both: 0,
        onlyA: 0,
        onlyB: 0,
        neither: 0,
      };
      for (const [id, solvedA] of a) {
        const solvedB = b.get(id);
        if (solvedB === undefined) continue;
        row.shared++;
        if (solvedA && solvedB) row.both++;
        else if (solvedA) row.onlyA++;
        else if (solvedB) row.onlyB++;
        else row.neither++;
      }
      out.push(row);
    }
  }
  return out;
}
