// Small hand-written corpora and OpenIE triple sets for graph and retriever tests, one line per
// passage, so each test states only what differs (Lothair II / Ermengarde of Tours is the shared story).
import type { TripleSet } from '../../src/core/triples/types.ts';
import type { Corpus } from '../../src/core/types.ts';

export type Triple = readonly [subject: string, predicate: string, object: string];

export const LOTHAIR = {
  p1: ['Lothair II', 'Lothair II was the son of Ermengarde of Tours.'],
  p2: ['Ermengarde of Tours', 'Ermengarde of Tours died on 20 March 851.'],
} as const;

/** A corpus from `{ id: [title, text] }`, in key order. */
export function corpusOf(passages: Record<string, readonly [title: string, text: string]>, name = 'c'): Corpus {
  return { id: 'c', name, passages: Object.entries(passages).map(([id, [title, text]]) => ({ id, title, text })) };
}

/** An OpenIE-file triple set from `{ passageId: [[s, p, o], ...] }`. */
export function openIeTriples(byPassage: Record<string, readonly Triple[]>): TripleSet {
  return {
    source: 'openie-file',
    origin: 'test',
    rejected: [],
    warnings: [],
    passages: Object.entries(byPassage).map(([passageId, ts]) => ({
      passageId,
      entities: [],
      triples: ts.map(([subject, predicate, object]) => ({ subject, predicate, object })),
    })),
  };
}
