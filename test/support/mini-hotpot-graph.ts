// The 500-passage corpus and its triples that test/e2e/persistence-storage.test.ts stores in real
// IndexedDB (bundled into its page and read by the test for the expected graph size).
import type { TripleSet } from '../../src/core/triples/types.ts';

export const miniCorpus = {
  id: 'hotpot-mini',
  name: 'HotpotQA mini',
  passages: Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, title: `T${i}`, text: `passage ${i}` })),
};

/** One fact per passage, linking its title to the next passage's. */
export const miniTriples: TripleSet = {
  source: 'openie-file',
  origin: 'mini.json',
  passages: Array.from({ length: 499 }, (_, i) => ({
    passageId: `p${i}`,
    entities: [`T${i}`, `T${i + 1}`],
    triples: [{ subject: `T${i}`, predicate: 'precedes', object: `T${i + 1}` }],
  })),
  rejected: [],
  warnings: [],
};
