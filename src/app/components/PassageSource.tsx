// Where a document passage comes from: its file, section (heading path) and pages (PDF), shown under
// its title in the ranking and the final context, in the graph's node details and in graph hovers.
import type { Passage, PassageSource } from '../../core/types.ts';

/** "p. 14" or "pp. 14–15". */
export function pagesLabel(pages: readonly [number, number] | undefined): string {
  if (!pages) return '';
  return pages[0] === pages[1] ? `p. ${pages[0]}` : `pp. ${pages[0]}–${pages[1]}`;
}

/** "harbour-report.pdf · 3 Tides › 3.2 Spring tides · p. 14" */
export function sourceLabel(source: PassageSource): string {
  return [source.file, source.section.join(' › '), pagesLabel(source.pages)].filter((s) => s !== '').join(' · ');
}

/** A title with its source for one-line places (graph hovers): "Title (harbour-report.pdf, p. 14)". */
export function titleWithSource(title: string, passage: Passage | undefined): string {
  const s = passage?.source;
  if (!s) return title;
  const pages = pagesLabel(s.pages);
  return `${title} (${s.file}${pages ? `, ${pages}` : ''})`;
}

/** The source line of a document passage; nothing for a benchmark passage. */
export function PassageSourceLine({ passage }: { passage: Passage | undefined }) {
  const s = passage?.source;
  if (!s) return null;
  return (
    <span
      className="passage-source muted"
      data-testid="passage-source"
      data-file={s.file}
      data-section={s.section.join(' › ')}
      {...(s.pages ? { 'data-pages': `${s.pages[0]}-${s.pages[1]}` } : {})}
      title={`characters ${s.start}–${s.end} of ${s.file} as read`}
    >
      <span className="source-file">{s.file}</span>
      {s.section.length > 0 && <span className="source-section"> · {s.section.join(' › ')}</span>}
      {s.pages && <span className="source-pages"> · {pagesLabel(s.pages)}</span>}
    </span>
  );
}
