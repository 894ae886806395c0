// Triple sets as the triples table stores them: the passages in compact form (src/core/triples/compact.ts),
// so IndexedDB clones a string table and an Int32Array instead of HotpotQA's 504k triple objects (about
// 0.7 s less per import). Rows written before hold `passages` and are read as they are.
import { decodeTriples, encodeTriples, type CompactTriples } from '../core/triples/compact.ts';
import type { TripleSet } from '../core/triples/types.ts';

export type StoredTripleSet = Omit<TripleSet, 'passages'> &
  ({ compact: CompactTriples } | { passages: TripleSet['passages'] });

export function toStoredTriples({ passages, ...rest }: TripleSet): StoredTripleSet {
  return { ...rest, compact: encodeTriples(passages) };
}

export function fromStoredTriples(set: StoredTripleSet, corpusId: string): TripleSet {
  if (!('compact' in set)) return set;
  const { compact, ...rest } = set;
  return { ...rest, passages: decodeTriples(compact, `the stored ${set.source} triples of corpus "${corpusId}"`) };
}
