import { useEffect, useMemo, useState } from 'react';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { tourStops } from './tour-stops.ts';
import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';

type Props = { events: readonly TraceEvent[]; onClose(): void };

/** A card that walks through a finished BDTR run: each stop sets the step and outlines the panel it explains. */
export function GuidedTour({ events, onClose }: Props) {
  const stops = useMemo(() => tourStops(events), [events]);
  const [index, setIndex] = useState(0);
  // The card sits on the side away from the panel it explains, so it never covers it.
  const [side, setSide] = useState<'left' | 'right'>('right');
  const setStep = useAppStore((s) => s.setStep);
  const stop = stops[index];

  useEffect(() => {
    if (!stop) return;
    setStep(stop.step);
    // After the step renders: outline the panel and bring it into view.
    const timer = setTimeout(() => {
      const el = document.querySelector(stop.target);
      if (!el) return;
      el.classList.add('tour-target');
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -16);
      const box = el.getBoundingClientRect();
      setSide(box.left + box.width / 2 > window.innerWidth / 2 ? 'left' : 'right');
    });
    return () => {
      clearTimeout(timer);
      document.querySelectorAll('.tour-target').forEach((el) => el.classList.remove('tour-target'));
    };
  }, [stop, setStep]);

  if (!stop) return null;
  return (
    <aside className={`tour tour-${side}`} data-testid="tour" aria-label="Guided tour" aria-live="polite">
      <p className="tour-count muted">
        Guided tour · {index + 1} of {stops.length}
      </p>
      <h2 data-testid="tour-title">{stop.title}</h2>
      <p>{stop.text}</p>
      <div className="tour-actions">
        <SecondaryButton data-testid="tour-back" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          Back
        </SecondaryButton>
        {index < stops.length - 1 ? (
          <button type="button" className="btn" data-testid="tour-next" onClick={() => setIndex(index + 1)}>
            Next
          </button>
        ) : (
          <button type="button" className="btn" data-testid="tour-done" onClick={onClose}>
            Done
          </button>
        )}
        <button
          type="button"
          className="btn-link"
          data-testid="tour-close"
          onClick={onClose}
          aria-label="Close the tour"
        >
          ✕
        </button>
      </div>
    </aside>
  );
}
