// Vectors persist: a second load (a page reload) reads them from the store and embeds nothing; damaged
// complete vectors are embedded again, with a message.
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../src/core/embed/port.ts';
import { embedCorpusResumable } from '../../../src/core/persist/vectors-resume.ts';
import { createDexieStores } from '../../../src/storage/repositories.ts';
import { createTransformersEmbedder } from '../../../src/providers/embed/transformers-embedder.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../../harness/tiny-encoder.ts';
import { corpusA, freshIdb, openTestDb } from '../../storage/helpers.ts';

function counting(inner: Embedder): Embedder & { texts: number } {
  const c = {
    label: inner.label,
    model: inner.model,
    texts: 0,
    async embed(texts: readonly string[], signal?: AbortSignal) {
      c.texts += texts.length;
      return inner.embed(texts, signal);
    },
    dispose: () => inner.dispose(),
  };
  return c;
}

describe('embedCorpusResumable', () => {
  it('embeds once, then serves the stored vectors after a reopen; damaged vectors are re-embedded with a message', async () => {
    const idb = freshIdb();
    const embedder = counting(
      createTransformersEmbedder({
        model: TINY_MODEL,
        localModelPath: await tinyEncoderRoot(),
        device: 'cpu',
        dtype: 'fp32',
      }),
    );
    const db1 = openTestDb(idb);
    const first = await embedCorpusResumable(createDexieStores(db1).artifacts, corpusA, embedder);
    expect(first.fromStore).toBe(false);
    expect(embedder.texts).toBe(3);
    db1.close();

    const db2 = openTestDb(idb); // "reload"
    const second = await embedCorpusResumable(createDexieStores(db2).artifacts, corpusA, embedder);
    expect(second.fromStore).toBe(true);
    expect(embedder.texts).toBe(3);
    expect(Array.from(second.index.data)).toEqual(Array.from(first.index.data));

    const row = (await db2.vectors.get(['a', TINY_MODEL]))!;
    new Float32Array(row.buffers.data as ArrayBuffer)[5] = 42;
    await db2.vectors.put(row);
    const messages: string[] = [];
    const third = await embedCorpusResumable(createDexieStores(db2).artifacts, corpusA, embedder, {
      onMessage: (m) => messages.push(m),
    });
    expect(third.fromStore).toBe(false);
    expect(embedder.texts).toBe(6);
    expect(messages[0]).toMatch(/the stored vectors of tiny-minilm are unusable \(.*checksum.*\); embedding again/);
    db2.close();
    await embedder.dispose();
  });
});
