// Which rows of a long fixed-row-height list are on screen: the batch table renders only those (plus
// a margin), so thousands of rows scroll smoothly.
import { useCallback, useState, type UIEvent } from 'react';

export const ROW_HEIGHT = 34;
const OVERSCAN = 10;

export function visibleRange(
  scrollTop: number,
  viewport: number,
  count: number,
  rowHeight = ROW_HEIGHT,
): { start: number; end: number } {
  // A scroll position from a longer list (the previous batch) is clamped to this one, so a new, shorter
  // batch shows its rows instead of an empty window until the next scroll.
  scrollTop = Math.min(scrollTop, Math.max(0, count * rowHeight - viewport));
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN);
  return { start, end };
}

export function useWindow(count: number, viewport: number) {
  const [scrollTop, setScrollTop] = useState(0);
  const onScroll = useCallback((e: UIEvent<HTMLElement>) => setScrollTop(e.currentTarget.scrollTop), []);
  return { ...visibleRange(scrollTop, viewport, count), onScroll };
}
