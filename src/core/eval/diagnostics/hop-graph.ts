// The question's hop graph, for anchor carry-drop: which intermediate entity (an anchor) leads from
// one hop to another, read from what the dataset says about its hops, never from hop order:
//   MuSiQue  hop j's decomposition question refers to hop k's answer with "#k" (3hop2, 4hop2 and
//            4hop3 have parallel hops that refer to none, and a hop can need two anchors);
//   2Wiki    an evidence triple whose object is another triple's subject ("Lothair II | mother |
//            Ermengarde of Tours" leads to "Ermengarde of Tours | date of death"); the parallel triples
//            of comparison questions share no entity, and a date object is no hop's subject;
//   no hop answers (HotpotQA, gold titles only): the title of a bridge passage leads to its own hop;
//   passages only: the title of a gold passage another gold passage mentions leads to that passage.
import type { Passage } from '../../types.ts';
import type { GoldUnit, GoldView } from './gold.ts';
import { mentions, titleHead } from './text.ts';

export interface Anchor {
  entity: string;
  /** The hop the entity is the answer of (absent when it is a bridge passage's title). */
  from?: GoldUnit;
  /** The hop it leads to: carrying it matters while that hop is missing. */
  target: GoldUnit;
}

const head = (title: string) => title.replace(/\s*\([^)]*\)\s*$/, '');
const norm = (s: string) => s.trim().toLowerCase();

/** "s | r" (2Wiki evidence) -> s. */
const tripleSubject = (q: string | undefined) => (q?.includes(' | ') ? q.slice(0, q.indexOf(' | ')) : undefined);

function musiqueAnchors(units: readonly GoldUnit[]): Anchor[] {
  const byHop = new Map(units.map((u) => [u.hop, u]));
  return units.flatMap((target) =>
    [...(target.question ?? '').matchAll(/#(\d+)/g)].flatMap((m) => {
      const from = byHop.get(Number(m[1]));
      return from?.answer && from !== target ? [{ entity: from.answer, from, target }] : [];
    }),
  );
}

function twoWikiAnchors(units: readonly GoldUnit[]): Anchor[] {
  return units.flatMap((from) =>
    from.answer
      ? units
          .filter((t) => t !== from && norm(tripleSubject(t.question) ?? '') === norm(from.answer!))
          .map((target) => ({ entity: from.answer!, from, target }))
      : [],
  );
}

export function hopAnchors(gold: GoldView, passage: (id: string) => Passage | undefined): Anchor[] {
  if (gold.basis === 'structured') {
    const units = gold.units;
    if (units.some((u) => tripleSubject(u.question) !== undefined)) return twoWikiAnchors(units);
    if (units.some((u) => u.answer !== undefined)) return musiqueAnchors(units);
    return gold.bridge.flatMap((id) => {
      const p = passage(id);
      const target = units.find((u) => u.passages.includes(id));
      return p && target ? [{ entity: head(p.title), target }] : [];
    });
  }
  const golds = [...gold.passages].map(passage).filter((p): p is Passage => p !== undefined);
  return golds
    .filter((g) => titleHead(g.title) !== '' && golds.some((o) => o.id !== g.id && mentions(o.text, head(g.title))))
    .flatMap((g) => {
      const target = gold.units.find((u) => u.passages.includes(g.id));
      return target ? [{ entity: head(g.title), target }] : [];
    });
}
