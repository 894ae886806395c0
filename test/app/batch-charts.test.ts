import { describe, expect, it } from 'vitest';
import { axisTicks, formatValue, SERIES_COLORS, seriesColor } from '../../src/features/batch/charts.tsx';

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

describe('one colour per series across plots', () => {
  it("a lane's colour is its place in the page's order, whichever lanes a plot shows and in which order", () => {
    const order = ['bm25', 'bdtr', 'gear'];
    // The recall plot shows all three; the accuracy plot only the answering lanes, in another order.
    const recall = order.map((n, i) => seriesColor(order, n, i));
    const accuracy = ['gear', 'bdtr'].map((n, i) => seriesColor(order, n, i));
    expect(accuracy).toEqual([recall[2], recall[1]]);
    expect(new Set(recall).size).toBe(3);
    // A series the order does not know takes a colour after the known ones, not one of theirs.
    expect(recall).not.toContain(seriesColor(order, 'questions', 0));
    // Without an order (a chart alone) the colours go by position.
    expect(seriesColor(null, 'x', 1)).toBe(SERIES_COLORS[1]);
  });
});
