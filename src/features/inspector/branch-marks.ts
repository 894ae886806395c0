// What a branch comparison draws bold and how it names passages (BranchCompare.tsx): pure, so tested
// without a page.
import type { TraceModel } from '../../core/trace/fold.ts';
import type { Trace } from '../../core/trace/schema.ts';

/**
 * What is drawn bold: the passages the change itself names (inserted, dropped), and those whose place in
 * the final ranking differs (entered, left, or moved more than one rank: a dropped or inserted passage
 * shifts everything below it by one, which is not itself a change). Earlier stages differ as a
 * consequence and stay faded, so the lines that matter stand out.
 */
export function changedIds(a: TraceModel, b: TraceModel, branch: Trace): Set<string> {
  const out = new Set<string>();
  const change = branch.branch?.intervention;
  if (change?.kind === 'pool') for (const id of [...(change.insert?.ids ?? []), ...(change.drop ?? [])]) out.add(id);
  const ra = a.stages.at(-1)?.ranks ?? new Map<string, number>();
  const rb = b.stages.at(-1)?.ranks ?? new Map<string, number>();
  const differs = (x: number, y: number | undefined) => y === undefined || Math.abs(x - y) > 1;
  for (const [id, r] of ra) if (differs(r, rb.get(id))) out.add(id);
  for (const [id, r] of rb) if (differs(r, ra.get(id))) out.add(id);
  return out;
}

/** A text with every passage id of `ids` replaced by the passage's title in quotes. */
export function withTitles(text: string, ids: ReadonlySet<string>, titleOf: (id: string) => string): string {
  return text.replace(/[^\s,;:"()]+/g, (token) => (ids.has(token) ? `"${titleOf(token)}"` : token));
}
