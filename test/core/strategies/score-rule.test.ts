// One score-scale rule for every strategy that merges several queries' scores, resolved in one place
// (descriptor parse, pool.ts normalizationFor): raw over a backbone whose scores share one scale across
// queries (HippoRAG 2's PPR mass), min-max over one whose scores have a scale per query (BM25).
import { describe, expect, it } from 'vitest';
import { strategyOptions, STRATEGIES, type StrategyName } from '../../../src/core/strategies/index.ts';
import { findStrategy } from '../../../src/core/strategies/registry.ts';
import type { Retriever, ScoreScale } from '../../../src/core/types.ts';
import { FITTED_DEFAULTS } from '../../../src/core/fitted.ts';

const backbone = (scores: ScoreScale): Retriever => ({ name: scores, scores, retrieve: async () => [] });

describe('the score rule', () => {
  it('IRCoT, IRGS, ToG-style, GCoT-style and BDTR run the same rule by default over each backbone', () => {
    const merging: StrategyName[] = ['ircot', 'irgs', 'tog', 'gcot', 'bdtr', 'bdtr-dtr', 'planner', 'dualrag'];
    for (const s of merging) {
      expect(strategyOptions(s, {}, backbone('comparable')).normalize, s).toBe('none');
      expect(strategyOptions(s, {}, backbone('per-query')).normalize, s).toBe('minmax');
      // a run's own setting wins
      expect(strategyOptions(s, { normalize: 'minmax' }, backbone('comparable')).normalize, s).toBe('minmax');
    }
  });

  it('every strategy with a normalize option follows the backbone unless it fixes the option (one retrieval)', () => {
    for (const s of STRATEGIES) {
      const d = findStrategy(s)!;
      if (d.kind === 'composite' || !('normalize' in d.shape)) continue;
      const fixed = d.fixed.normalize;
      expect(strategyOptions(s, {}, backbone('comparable')).normalize, s).toBe(fixed ?? 'none');
      expect(strategyOptions(s, {}, backbone('per-query')).normalize, s).toBe(fixed ?? 'minmax');
    }
  });
});

describe('fitted defaults', () => {
  it('none was fitted on a question of a second half, and each says what, where and at which commit', () => {
    expect(FITTED_DEFAULTS.length).toBeGreaterThan(0);
    for (const f of FITTED_DEFAULTS) {
      expect(f.overlapsSecondHalf, f.name).toBe(false);
      expect(f.fittedOn.length, f.name).toBeGreaterThan(10);
      expect(f.commit, f.name).toMatch(/^[0-9a-f]{7}$/);
    }
  });
});
