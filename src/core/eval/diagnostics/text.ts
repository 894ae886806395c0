// Text matching the diagnostics share: entity mentions (answer normalisation, whole tokens) and
// look-alike passages (same title entity, or high word overlap).
import { normalizeAnswer } from '../normalize.ts';
import { tokenize } from '../../text/tokenize.ts';
import type { Passage } from '../../types.ts';

/** `entity` occurs in `text` as whole normalised tokens ("Ann Lee" in "ann lee was born"). */
export function mentions(text: string, entity: string): boolean {
  const e = normalizeAnswer(entity);
  if (e === '') return false;
  return ` ${normalizeAnswer(text)} `.includes(` ${e} `);
}

/** A title without its disambiguation ("Film One (1995 film)" -> "film one"). */
export const titleHead = (title: string) => normalizeAnswer(title.replace(/\s*\([^)]*\)\s*$/, ''));

function jaccard(a: readonly string[], b: readonly string[]): number {
  const x = new Set(a);
  const y = new Set(b);
  if (x.size === 0 || y.size === 0) return 0;
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return both / (x.size + y.size - both);
}

/** A non-gold passage that could be mistaken for a gold one: the same title head, or text Jaccard >= `minOverlap`. */
export function resembles(d: Passage, g: Passage, minOverlap: number) {
  const overlap = jaccard(tokenize(`${d.title} ${d.text}`), tokenize(`${g.title} ${g.text}`));
  const dh = titleHead(d.title);
  if (dh !== '' && dh === titleHead(g.title)) return { reason: 'same title entity' as const, overlap };
  return overlap >= minOverlap ? { reason: 'high overlap' as const, overlap } : undefined;
}
