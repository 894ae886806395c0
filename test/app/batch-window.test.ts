// The batch table's window: only rows on screen plus a margin, clamped to the list.
import { describe, expect, it } from 'vitest';
import { visibleRange } from '../../src/features/batch/use-window.ts';

describe('visibleRange', () => {
  it('covers the viewport with 10 rows of margin each side, within the list', () => {
    expect(visibleRange(0, 340, 3000, 34)).toEqual({ start: 0, end: 20 });
    expect(visibleRange(34 * 100, 340, 3000, 34)).toEqual({ start: 90, end: 120 });
    // the list's end: a scroll past the last full viewport is read as that viewport
    expect(visibleRange(34 * 2995, 340, 3000, 34)).toEqual({ start: 2980, end: 3000 });
    expect(visibleRange(0, 340, 4, 34)).toEqual({ start: 0, end: 4 });
  });

  it('a scroll position left from a longer batch still shows a shorter batch’s rows', () => {
    expect(visibleRange(34 * 500, 340, 5, 34)).toEqual({ start: 0, end: 5 });
    expect(visibleRange(34 * 500, 340, 40, 34)).toEqual({ start: 20, end: 40 });
  });
});
