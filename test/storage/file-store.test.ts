import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStores } from '../../src/cli/file-store.ts';
import { StorageError } from '../../src/core/persist/ports.ts';
import { corpusA, graphArtifactA, triplesA } from './helpers.ts';

describe('file store', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'hopscope-fs-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('a save that fails half-way leaves neither the corpus nor temp files behind, and keeps the previous version', async () => {
    const stores = createFileStores(root);
    await stores.corpora.saveCorpus({ corpus: { ...corpusA, passages: corpusA.passages.slice(0, 1) } });
    // an artifact whose meta cannot be serialised fails after corpus.json was already written to staging
    const bad = { kind: 'graph' as const, key: 'g', ...graphArtifactA(), meta: { n: 1n } };
    const err = await stores.corpora
      .saveCorpus({ corpus: corpusA, triples: [triplesA], artifacts: [bad] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as Error).message).toMatch(/^storage: could not save corpus "Corpus A" \(3 passages\): .*BigInt/);
    expect((await stores.corpora.getCorpus('a'))?.passages).toHaveLength(1);
    expect((await readdir(join(root, 'corpora'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a second store over the same folder sees what the first wrote (the CLI across runs)', async () => {
    await createFileStores(root).corpora.saveCorpus({ corpus: corpusA, triples: [triplesA] });
    const again = createFileStores(root);
    expect(await again.corpora.getCorpus('a')).toEqual(corpusA);
    expect(await again.corpora.getTriples('a')).toEqual([triplesA]);
  });

  it('ids with slashes and dots stay inside their folder', async () => {
    const stores = createFileStores(root);
    await stores.corpora.saveCorpus({ corpus: { ...corpusA, id: '../x/..' } });
    expect(await readdir(join(root, 'corpora'))).toEqual([encodeURIComponent('../x/..')]);
    expect((await stores.corpora.listCorpora()).map((c) => c.id)).toEqual(['../x/..']);
  });
});
