import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../../src/core/index/bm25.ts';
import { Bm25SnapshotError, type Bm25Snapshot } from '../../../src/core/index/bm25-snapshot.ts';

const texts = [
  'Marie Curie discovered polonium',
  'Pierre Curie studied magnetism',
  'Zürich is in Switzerland',
  'Curie units of radioactivity',
];
const build = (): Bm25Index =>
  Bm25Index.build(
    texts.map((text, i) => ({ id: `p-${i}-ü`, text })),
    { k1: 0.9, b: 0.6 },
  );
const queries = ['curie', 'zurich polonium', 'magnetism radioactivity curie', 'nothing'];

describe('Bm25Index snapshots', () => {
  it('round-trip through structuredClone with transferred buffers, giving identical results', () => {
    const original = build();
    const snap = original.toSnapshot();
    // Transferring detaches the snapshot's buffers (as postMessage would), not the live index's.
    const { ids, terms, postingOffsets, docIds, tfs, docLengths } = snap;
    const transfer = [ids.bytes, ids.ends, terms.bytes, terms.ends, postingOffsets, docIds, tfs, docLengths];
    const moved = structuredClone(snap, { transfer });
    expect(snap.docIds.byteLength).toBe(0);
    const loaded = Bm25Index.fromSnapshot(moved);
    expect(loaded.params).toEqual({ k1: 0.9, b: 0.6 });
    for (const q of queries) expect(loaded.search(q, 10)).toEqual(original.search(q, 10));
    expect(loaded.search('polonium', 1)[0]?.id).toBe('p-0-ü');
  });

  it('refuses another version, format or tokenizer with a message saying what to do', () => {
    const snap = build().toSnapshot();
    expect(() => Bm25Index.fromSnapshot({ ...snap, version: 2 })).toThrow(/version 2 is not supported.*rebuild/);
    expect(() => Bm25Index.fromSnapshot({ ...snap, format: 'minisearch' } as unknown as Bm25Snapshot)).toThrow(
      Bm25SnapshotError,
    );
    expect(() => Bm25Index.fromSnapshot({ ...snap, tokenizer: 'hopscope-en-0' })).toThrow(/tokenizer "hopscope-en-0"/);
  });

  it('refuses inconsistent buffers instead of mis-reading them', () => {
    const snap = build().toSnapshot();
    expect(() => Bm25Index.fromSnapshot({ ...snap, docIds: snap.docIds.slice(4) })).toThrow(/docIds holds/);
    const bad = new Uint32Array(snap.docIds.slice(0));
    bad[0] = 99;
    expect(() => Bm25Index.fromSnapshot({ ...snap, docIds: bad.buffer })).toThrow(/out of order or out of range/);
    expect(() => Bm25Index.fromSnapshot({ ...snap, docCount: 3 })).toThrow(Bm25SnapshotError);
    expect(() =>
      Bm25Index.fromSnapshot({ ...snap, ids: { ...snap.ids, bytes: new Uint8Array([0xff]).buffer } }),
    ).toThrow(Bm25SnapshotError);
  });
});
