// Where a document passage comes from: its file, section (heading path) and pages (PDF), shown under
// its title in the ranking and the final context, in the graph's node details and in graph hovers.
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Passage, PassageSource } from '../../core/types.ts';
import { useEngine } from '../engine-client.ts';
import { ErrorLine } from './ErrorLine.tsx';

/** "p. 14" or "pp. 14–15". */
function pagesLabel(pages: readonly [number, number] | undefined): string {
  if (!pages) return '';
  return pages[0] === pages[1] ? `p. ${pages[0]}` : `pp. ${pages[0]}–${pages[1]}`;
}

/** A title with its source for one-line places (graph hovers): "Title (harbour-report.pdf, p. 14)". */
export function titleWithSource(title: string, passage: Passage | undefined): string {
  const s = passage?.source;
  if (!s) return title;
  const pages = pagesLabel(s.pages);
  return `${title} (${s.file}${pages ? `, ${pages}` : ''})`;
}

/** The source line of a document passage (nothing for a benchmark passage); with `corpusId`, a button opens the passage in its place in the document's text. */
export function PassageSourceLine({ passage, corpusId }: { passage: Passage | undefined; corpusId?: string }) {
  const [open, setOpen] = useState(false);
  const s = passage?.source;
  if (!s || !passage) return null;
  return (
    <>
      <div className="source-row">
        <SourceText source={s} />
        {corpusId !== undefined && (
          <button
            type="button"
            className="btn btn-secondary btn-small source-open"
            data-testid="open-source"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'close' : 'open in the document'}
          </button>
        )}
      </div>
      {open && corpusId !== undefined && <SourceInPlace corpusId={corpusId} passageId={passage.id} />}
    </>
  );
}

/** The document text around a passage, the passage marked. */
function SourceInPlace({ corpusId, passageId }: { corpusId: string; passageId: string }) {
  const engine = useEngine();
  const box = useRef<HTMLDivElement>(null);
  const mark = useRef<HTMLElement>(null);
  const excerpt = useQuery({
    queryKey: ['passage-source', corpusId, passageId],
    queryFn: () => engine.passageSource(corpusId, passageId),
    staleTime: Infinity,
  });
  // the marked passage in view inside the box (the page itself does not scroll)
  useLayoutEffect(() => {
    if (box.current && mark.current)
      box.current.scrollTop = Math.max(0, mark.current.offsetTop - box.current.offsetTop - 24);
  }, [excerpt.data]);
  if (excerpt.isError) return <ErrorLine error={excerpt.error.message} />;
  if (!excerpt.data) return <p className="muted">Opening the document…</p>;
  const e = excerpt.data;
  return (
    <div className="source-in-place" data-testid="source-in-place" ref={box}>
      <p className="muted">
        {e.file}, characters {e.start.toLocaleString('en')}–{e.end.toLocaleString('en')} of{' '}
        {e.length.toLocaleString('en')} (the text as read)
      </p>
      <p className="source-excerpt">
        {e.before}
        <mark data-testid="source-passage" ref={mark}>
          {e.passage}
        </mark>
        {e.after}
      </p>
    </div>
  );
}

function SourceText({ source: s }: { source: PassageSource }) {
  return (
    <span
      className="passage-source muted"
      data-testid="passage-source"
      data-file={s.file}
      data-section={s.section.join(' › ')}
      data-pages={s.pages ? `${s.pages[0]}-${s.pages[1]}` : undefined}
      title={`characters ${s.start}–${s.end} of ${s.file} as read`}
    >
      <span className="source-file">{s.file}</span>
      {s.section.length > 0 && <span className="source-section"> · {s.section.join(' › ')}</span>}
      {s.pages && <span className="source-pages"> · {pagesLabel(s.pages)}</span>}
    </span>
  );
}
