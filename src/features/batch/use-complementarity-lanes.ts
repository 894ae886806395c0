// The two lanes the complementarity plot compares (complementarity-pair.ts) and its counts; the pick is kept while
// the batch page is open.
import { useState } from 'react';
import { complementarity, type BatchRow } from '../../app/batch/results.ts';
import { isOracle, parseVariant } from '../../app/batch/variants.ts';
import { isBaseline } from '../../engine/engine-api.ts';
import { BATCH_CONFIGS } from '../../state/batch-slice.ts';
import { complementarityPair } from './complementarity-pair.ts';

export function useComplementarityLanes(rows: readonly BatchRow[], strategies: readonly string[]) {
  const [pairPick, setPairPick] = useState<readonly [string | null, string | null]>([null, null]);
  const compared = strategies.filter((k) => !isOracle(k));
  const lanes = complementarityPair(compared, pairPick, (k) => {
    const config = BATCH_CONFIGS.find((c) => c.key === parseVariant(k).config);
    return config !== undefined && isBaseline(config.strategy);
  });
  const pair = lanes ? complementarity(rows, lanes[0], lanes[1], 5) : null;
  return { compared, lanes, pair, setPairPick };
}

export type ComplementarityLanes = ReturnType<typeof useComplementarityLanes>;
