import type { ReactNode } from 'react';
import { GLOSSARY, gloss, glossId } from '../glossary.ts';

/** Opens the glossary panel at a term (the panel is a <details> with id "glossary"). */
function openAt(term: string) {
  const panel = document.getElementById('glossary');
  if (panel instanceof HTMLDetailsElement) panel.open = true;
  const entry = document.getElementById(glossId(term));
  entry?.scrollIntoView({ block: 'center' });
  entry?.focus({ preventScroll: true });
}

/** A term with inline help: its one-line definition on hover, and a click (or Enter) opens the glossary at it. */
export function Term({ term, children }: { term: string; children?: ReactNode }) {
  const entry = gloss(term);
  if (!entry) return <>{children ?? term}</>;
  return (
    <button
      type="button"
      className="term"
      data-testid="term"
      data-term={entry.term}
      title={entry.short}
      aria-label={`${typeof children === 'string' ? children : entry.term}: what is this?`}
      onClick={() => openAt(entry.term)}
    >
      {children ?? term}
    </button>
  );
}

/** Every word the workbench uses that a class may not know, one line each. */
export function GlossaryPanel() {
  return (
    <details className="panel glossary" id="glossary" data-testid="glossary">
      <summary>Glossary: the words used on this page</summary>
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
