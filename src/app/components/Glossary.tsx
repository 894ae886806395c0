import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { GLOSSARY, gloss, glossId } from '../glossary.ts';
import { SmallButton } from './SecondaryButton.tsx';

/** One definition open at a time: opening a term closes the one open before. */
let closeOpen: (() => void) | null = null;

const WIDTH = 352;
const MARGIN = 8;

/** Where the definition sits: under the term (above it near the screen's bottom), inside the screen. */
function placeNear(anchor: HTMLElement, card: HTMLElement): { left: number; top: number } {
  const r = anchor.getBoundingClientRect();
  const width = Math.min(WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(r.left, window.innerWidth - width - MARGIN));
  const below = r.bottom + 4;
  const top =
    below + card.offsetHeight > window.innerHeight - MARGIN && r.top - card.offsetHeight - 4 > MARGIN
      ? r.top - card.offsetHeight - 4
      : below;
  return { left: left + window.scrollX, top: top + window.scrollY };
}

/**
 * A term with inline help: its one-line definition on hover; a click (or Enter) opens the definition in
 * place, beside the term, with a close button; Escape or a click elsewhere closes it and focus returns
 * to the term.
 */
export function Term({ term, children }: { term: string; children?: ReactNode }) {
  const entry = gloss(term);
  const [open, setOpen] = useState(false);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    setAt(null);
    if (closeOpen === closeThis) closeOpen = null;
    if (refocus) button.current?.focus({ preventScroll: true });
  };
  const closeThis = () => close(false);

  useLayoutEffect(() => {
    if (!open || !button.current || !card.current) return;
    setAt(placeNear(button.current, card.current));
  }, [open]);
  // Focus moves into the definition once it is placed (a hidden element cannot take focus).
  const placed = at !== null;
  useEffect(() => {
    if (placed) card.current?.focus({ preventScroll: true });
  }, [placed]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      close(true);
    };
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!card.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    const listening = new AbortController();
    document.addEventListener('keydown', onKey, { capture: true, signal: listening.signal });
    document.addEventListener('pointerdown', onDown, { capture: true, signal: listening.signal });
    return () => listening.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!entry) return <>{children ?? term}</>;
  const toggle = () => {
    if (open) return close(true);
    closeOpen?.();
    closeOpen = closeThis;
    setOpen(true);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="term"
        data-testid="term"
        data-term={entry.term}
        title={open ? undefined : entry.short}
        aria-label={`${typeof children === 'string' ? children : entry.term}: what is this?`}
        aria-expanded={open}
        onClick={toggle}
      >
        {children ?? term}
      </button>
      {open &&
        createPortal(
          <div
            ref={card}
            className="gloss-popover"
            role="dialog"
            aria-labelledby={headingId}
            tabIndex={-1}
            data-testid="gloss-popover"
            data-term={entry.term}
            style={at ? { left: at.left, top: at.top } : { left: 0, top: 0, visibility: 'hidden' }}
          >
            <p className="gloss-popover-term" id={headingId}>
              {entry.term}
            </p>
            <p className="gloss-popover-text">{entry.short}</p>
            <SmallButton data-testid="gloss-close" onClick={() => close(true)}>
              Close (Esc)
            </SmallButton>
          </div>,
          document.body,
        )}
    </>
  );
}

/** Every word and every method the workbench uses, one line each. */
export function GlossaryPanel() {
  return (
    <details className="panel glossary" id="glossary" data-testid="glossary">
      <summary>Glossary: the words and methods used on this page</summary>
      <dl>
        {GLOSSARY.map((e) => (
          <div key={e.term} className="gloss-entry">
            <dt id={glossId(e.term)} tabIndex={-1}>
              {e.term}
            </dt>
            <dd>{e.short}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
