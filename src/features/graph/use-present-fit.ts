import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

/** Space kept under the canvas at the window's bottom edge. */
const BOTTOM = 12;
/** The canvas never gets shorter than this, however small the window. */
const MIN_HEIGHT = 240;

/**
 * Present mode fits the graph to the window: the grid (canvas and side panel) is as tall as the window below its
 * top, so the whole canvas is on screen. The ref goes on the grid; the style sets its --graph-fit height.
 */
export function usePresentFit(presenting: boolean, drawn: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!presenting || !drawn) return setHeight(null);
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [presenting, drawn]);
  const style: CSSProperties | undefined = height === null ? undefined : { ['--graph-fit' as string]: `${height}px` };
  return { ref, style };
}
