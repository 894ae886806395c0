// Resumable embedding: chunks are stored as they finish, a cancelled run continues from the last stored
// chunk (after a "reload": a new DB connection), complete vectors are reused, and vectors of another
// model are never mixed in.
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/embed/port.ts';
import { embedCorpusResumable, storedVectorsInfo } from '../../../src/core/persist/vectors-resume.ts';
import { createDexieStores } from '../../../src/storage/repositories.ts';
import { freshIdb, openTestDb } from '../../storage/helpers.ts';

const corpus = {
  id: 'c',
  name: 'c',
  passages: Array.from({ length: 10 }, (_, i) => ({ id: `p${i}`, title: `T${i}`, text: `passage number ${i}` })),
};

/** Deterministic 4-d vectors from the text; counts what it embeds; can abort after N calls. */
function fakeEmbedder(
  model: string,
  dim = 4,
  abortAfter?: { calls: number; controller: AbortController },
): Embedder & { texts: string[] } {
  let calls = 0;
  const e = {
    label: model,
    model,
    texts: [] as string[],
    async embed(texts: readonly string[]) {
      e.texts.push(...texts);
      calls++;
      if (abortAfter && calls === abortAfter.calls) abortAfter.controller.abort();
      const data = new Float32Array(texts.length * dim);
      texts.forEach((t, i) => {
        for (let d = 0; d < dim; d++) data[i * dim + d] = ((t.charCodeAt(t.length - 1) + d) % 7) + 1;
      });
      return { dim, count: texts.length, data };
    },
    dispose: async () => {},
  };
  return e;
}

describe('embedCorpusResumable', () => {
  it('stores chunks as it goes, resumes after a cancel and a reload, then reuses the complete vectors', async () => {
    const idb = freshIdb();
    const db1 = openTestDb(idb);
    const controller = new AbortController();
    const first = fakeEmbedder('m', 4, { calls: 2, controller });
    const progress: number[] = [];
    await expect(
      embedCorpusResumable(createDexieStores(db1).artifacts, corpus, first, {
        chunkSize: 3,
        signal: controller.signal,
        onProgress: (p) => progress.push(p.done),
      }),
    ).rejects.toThrow(/abort/i);
    expect(first.texts).toHaveLength(6);
    // the first chunk was stored before the abort; the second call's result is dropped (aborted mid-chunk)
    expect(
      await storedVectorsInfo(createDexieStores(db1).artifacts, {
        id: corpus.id,
        passageCount: 10,
        passageIds: corpus.passages.map((p) => p.id),
      }),
    ).toEqual({ complete: [], partial: [{ modelId: 'm', done: 3 }] });
    db1.close();

    const db2 = openTestDb(idb); // reload
    const second = fakeEmbedder('m');
    const seen: { done: number; resumedFrom: number; eta: number | null }[] = [];
    const r = await embedCorpusResumable(createDexieStores(db2).artifacts, corpus, second, {
      chunkSize: 3,
      onProgress: (p) => seen.push({ done: p.done, resumedFrom: p.resumedFrom, eta: p.etaSeconds }),
    });
    expect(r).toMatchObject({ fromStore: false, resumedFrom: 3 });
    expect(second.texts).toHaveLength(7); // only passages 4..10
    expect(seen.map((s) => s.done)).toEqual([3, 6, 9, 10]);
    expect(seen.at(-1)!.eta).toBe(0);
    expect(r.index.count).toBe(10);
    expect(await storedVectorsInfo(createDexieStores(db2).artifacts, { id: corpus.id, passageCount: 10 })).toEqual({
      complete: [{ modelId: 'm', dim: 4, count: 10 }],
      partial: [],
    });

    const third = fakeEmbedder('m');
    const again = await embedCorpusResumable(createDexieStores(db2).artifacts, corpus, third);
    expect(again.fromStore).toBe(true);
    expect(third.texts).toHaveLength(0);
    expect(Array.from(again.index.data)).toEqual(Array.from(r.index.data));
  });

  it('never mixes models: another model embeds everything and says the stored vectors are not used', async () => {
    const stores = createDexieStores(openTestDb());
    await embedCorpusResumable(stores.artifacts, corpus, fakeEmbedder('old', 4));
    const messages: string[] = [];
    const other = fakeEmbedder('new', 8);
    const r = await embedCorpusResumable(stores.artifacts, corpus, other, { onMessage: (m) => messages.push(m) });
    expect(other.texts).toHaveLength(10);
    expect(r.index.dim).toBe(8);
    expect(messages.join(' ')).toMatch(/vectors of old are stored .* not used/);
  });

  it('re-embeds chunks that were computed for other passages under the same corpus id', async () => {
    const stores = createDexieStores(openTestDb());
    const controller = new AbortController();
    await expect(
      embedCorpusResumable(stores.artifacts, corpus, fakeEmbedder('m', 4, { calls: 2, controller }), {
        chunkSize: 5,
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    const changed = { ...corpus, passages: corpus.passages.map((p, i) => (i === 0 ? { ...p, id: 'other' } : p)) };
    const messages: string[] = [];
    const e = fakeEmbedder('m');
    await embedCorpusResumable(stores.artifacts, changed, e, { chunkSize: 5, onMessage: (m) => messages.push(m) });
    expect(e.texts).toHaveLength(10);
    expect(messages.join(' ')).toMatch(/does not fit this corpus/);
  });
});
