import { describe, expect, it } from 'vitest';
import { axisTicks, formatValue, SERIES_COLORS } from '../../src/features/batch/charts.tsx';

describe('batch plot axes and colours', () => {
  it('count axes are whole numbers, each once (a max of 1 reads "0, 1", not "0, 1, 1")', () => {
    expect(axisTicks(1, 'count').map((t) => formatValue(t, 'count'))).toEqual(['0', '1']);
    expect(axisTicks(1.4, 'count')).toEqual([0, 1]);
    expect(axisTicks(12, 'count')).toEqual([0, 6, 12]);
    expect(axisTicks(1, 'percent').map((t) => formatValue(t, 'percent'))).toEqual(['0%', '50%', '100%']);
  });
  it('twelve series get twelve different colours; a value that does not exist reads n/a', () => {
    expect(new Set(SERIES_COLORS).size).toBe(12);
    expect(formatValue(Number.NaN, 'percent')).toBe('n/a');
  });
});
