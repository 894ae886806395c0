// GEAR's triple index T persisted with its corpus: a sealed artifact (kind "triples", keyed by triple
// source) holding the whole index (triples, term and entity CSR arrays, BM25 over triples), so a reload
// reads it instead of re-extracting triples and re-indexing. It is rebuilt when missing, damaged
// (checksum), of another format version or tokenizer, or stale: built from other passages (corpus
// fingerprint) or another triple source.
import { loadDecodedOrRebuild, type DecodedOrRebuilt } from './artifacts.ts';
import {
  corpusFingerprint,
  TRIPLE_INDEX_ARTIFACT,
  tripleIndexArtifact,
  tripleIndexSnapshotFromArtifact,
} from './codecs.ts';
import { StorageError, type ArtifactStore } from './ports.ts';
import type { Corpus } from '../types.ts';
import { TripleIndex } from '../triples/triple-index.ts';
import type { TripleSet, TripleSource } from '../triples/types.ts';

/** The index, whether it was read from the store, and why it was rebuilt (stale, damaged) when it was. */
export type TripleIndexLoad = Omit<DecodedOrRebuilt<TripleIndex>, 'value'> & { index: TripleIndex };

/** The stored index when it fits `corpus`, else `triples()` indexed and stored; without a store, built. */
export async function loadOrBuildTripleIndex(
  store: ArtifactStore | undefined,
  corpus: Corpus,
  source: TripleSource,
  triples: () => TripleSet | Promise<TripleSet>,
): Promise<TripleIndexLoad> {
  const fingerprint = corpusFingerprint(corpus.passages);
  const build = async () => {
    const set = await triples();
    if (set.source !== source) throw new StorageError(`asked for ${source} triples, got ${set.source}`);
    return TripleIndex.fromTripleSet(set);
  };
  if (!store) return { index: await build(), fromStore: false };
  const r = await loadDecodedOrRebuild(
    store,
    { corpusId: corpus.id, kind: 'triples', key: source },
    TRIPLE_INDEX_ARTIFACT,
    (a) => {
      const { snapshot, corpus: stored } = tripleIndexSnapshotFromArtifact(a);
      if (stored !== fingerprint)
        throw new StorageError(`it was built from other passages (corpus fingerprint ${stored}, now ${fingerprint})`);
      if (snapshot.source !== source) throw new StorageError(`it holds ${snapshot.source} triples, not ${source}`);
      return TripleIndex.fromSnapshot(snapshot);
    },
    async () => {
      const index = await build();
      return { value: index, artifact: tripleIndexArtifact(index.toSnapshot(), fingerprint) };
    },
  );
  return { index: r.value, fromStore: r.fromStore, ...(r.message ? { message: r.message } : {}) };
}
