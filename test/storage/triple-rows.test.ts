// The triples table stores the compact form; rows written before it (plain passages) still read, and a
// damaged compact row is a clear error naming the corpus.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HopscopeDb } from '../../src/storage/db.ts';
import { createDexieStores } from '../../src/storage/repositories.ts';
import { corpusA, openTestDb, triplesA } from './helpers.ts';

describe('stored triple sets', () => {
  let db: HopscopeDb;
  beforeEach(() => {
    db = openTestDb();
  });
  afterEach(() => db.close());

  it('writes the compact form and reads back the same TripleSet', async () => {
    const stores = createDexieStores(db);
    await stores.corpora.saveCorpus({ corpus: corpusA, triples: [triplesA] });
    const row = (await db.triples.toArray())[0]!;
    expect('compact' in row.set && row.set.compact.data).toBeInstanceOf(Int32Array);
    expect(await stores.corpora.getTriples(corpusA.id)).toEqual([triplesA]);
  });

  it('reads rows written before the compact form', async () => {
    const stores = createDexieStores(db);
    await stores.corpora.saveCorpus({ corpus: corpusA, triples: [] });
    await db.triples.put({ corpusId: corpusA.id, source: triplesA.source, set: triplesA });
    expect(await stores.corpora.getTriples(corpusA.id)).toEqual([triplesA]);
  });

  it('names the corpus when a stored compact row is damaged', async () => {
    const stores = createDexieStores(db);
    await stores.corpora.saveCorpus({ corpus: corpusA, triples: [triplesA] });
    const row = (await db.triples.toArray())[0]!;
    if (!('compact' in row.set)) throw new Error('expected a compact row');
    await db.triples.put({
      ...row,
      set: { ...row.set, compact: { ...row.set.compact, data: new Int32Array([0, 5]) } },
    });
    await expect(stores.corpora.getTriples(corpusA.id)).rejects.toThrow(
      new RegExp(`stored ${triplesA.source} triples of corpus "${corpusA.id}"`),
    );
  });
});
