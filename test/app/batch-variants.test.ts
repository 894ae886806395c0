// Models x regimes in the browser batch: keys name the configuration, the LLM and the regime, parse back,
// retrieval-only configurations run once, and oracle keys are recognisable (kept out of comparisons).
import { describe, expect, it } from 'vitest';
import { batchVariants, isOracle, parseVariant, variantKey } from '../../src/app/batch/variants.ts';

describe('batch variants', () => {
  it('keeps the plain key for Settings LLM + iterative, and names the others', () => {
    expect(variantKey({ config: 'bdtr/hipporag2', model: 'settings', regime: 'iterative' })).toBe('bdtr/hipporag2');
    expect(variantKey({ config: 'bdtr/hipporag2', model: 'offline', regime: 'gold-context' })).toBe(
      'bdtr/hipporag2 · offline thinker (heuristic) · gold context (oracle)',
    );
  });

  it('parses every key it makes', () => {
    for (const model of ['settings', 'offline'] as const) {
      for (const regime of ['iterative', 'no-context', 'gold-context'] as const) {
        expect(parseVariant(variantKey({ config: 'planner/bm25', model, regime }))).toEqual({
          config: 'planner/bm25',
          model,
          regime,
        });
      }
    }
  });

  it('runs retrieval-only configurations once and the others per model and regime', () => {
    const keys = batchVariants(
      ['bm25', 'planner/bm25'],
      ['settings', 'offline'],
      ['iterative', 'no-context'],
      (c) => c !== 'bm25',
    );
    expect(keys).toEqual([
      'bm25',
      'planner/bm25',
      'planner/bm25 · no context',
      'planner/bm25 · offline thinker (heuristic)',
      'planner/bm25 · offline thinker (heuristic) · no context',
    ]);
    expect(keys.filter(isOracle)).toEqual([]);
    expect(isOracle('planner/bm25 · gold context (oracle)')).toBe(true);
  });
});
