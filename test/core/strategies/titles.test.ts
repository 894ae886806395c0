// Names that do not claim too much: ToG and GCoT are prompt-level versions (BDTR Fig. 11, 12).
import { describe, expect, it } from 'vitest';
import { STRATEGY_CHOICES, STRATEGY_SHORT } from '../../../src/app/strategy-labels.ts';
import { STRATEGIES, strategyTitle } from '../../../src/core/strategies/index.ts';

describe('strategy titles', () => {
  it('every strategy has a result title; tog and gcot say "-style" and their figure', () => {
    for (const s of STRATEGIES) expect(strategyTitle(s)).not.toBe('');
    expect(strategyTitle('tog')).toBe('ToG-style (Fig. 11)');
    expect(strategyTitle('gcot')).toBe('GCoT-style (Fig. 12)');
    expect(strategyTitle('unknown-id')).toBe('unknown-id');
  });
  it('the UI pickers and lanes use the same names', () => {
    expect(STRATEGY_SHORT.tog).toBe('ToG-style (Fig. 11)');
    expect(STRATEGY_SHORT.gcot).toBe('GCoT-style (Fig. 12)');
    const label = (s: string) => STRATEGY_CHOICES.find((c) => c.value === s)?.label;
    expect(label('tog')).toMatch(/^ToG-style \(Fig\. 11\)/);
    expect(label('gcot')).toMatch(/^GCoT-style \(Fig\. 12\)/);
  });
});
