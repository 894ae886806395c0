// GEAR's triple index persisted as a sealed artifact: a round trip restores an index that answers
// exactly as the built one (search, neighbours, relevance, beams); a changed corpus, another triple
// source and a damaged copy are rebuilt, each with the reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cappedNeighbourGraph, diverseTripleBeamSearch } from '../../../src/core/retrievers/triple-beam.ts';
import { sealArtifact, verifyArtifact } from '../../../src/core/persist/artifacts.ts';
import type { ArtifactStore, StoredArtifact } from '../../../src/core/persist/ports.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import { createLexicalScorer, createQueryRelevance } from '../../../src/core/triples/sequence-scorer.ts';
import { loadOrBuildTripleIndex } from '../../../src/core/persist/triple-index-store.ts';
import type { Corpus } from '../../../src/core/types.ts';

function memoryStore(): ArtifactStore & { rows: Map<string, StoredArtifact> } {
  const rows = new Map<string, StoredArtifact>();
  const k = (r: { corpusId: string; kind: string; key: string }) => `${r.corpusId}/${r.kind}/${r.key}`;
  return {
    rows,
    async putArtifact(a) {
      const sealed = sealArtifact(a);
      rows.set(k(a), sealed);
      return sealed;
    },
    async getArtifact(ref, expect) {
      const row = rows.get(k(ref));
      return row ? verifyArtifact(row, expect) : { status: 'missing' };
    },
    async listArtifacts() {
      return [...rows.values()].map(({ corpusId, kind, key }) => ({ corpusId, kind, key }));
    },
    async deleteArtifact(ref) {
      rows.delete(k(ref));
    },
  };
}

const demo = JSON.parse(readFileSync(new URL('../../../public/demo/demo_corpus.json', import.meta.url), 'utf8')) as {
  title: string;
  text: string;
}[];
const corpus: Corpus = {
  id: 'demo',
  name: 'demo',
  passages: demo.map((p, i) => ({ id: `p${i}`, title: p.title, text: p.text })),
};

describe('loadOrBuildTripleIndex', () => {
  it('builds and stores once, then reads the stored index back, answering identically', async () => {
    const store = memoryStore();
    let builds = 0;
    const triples = () => (builds++, extractTriplesOffline(corpus.passages));
    const first = await loadOrBuildTripleIndex(store, corpus, 'offline-extractor', triples);
    expect(first).toMatchObject({ fromStore: false });
    expect(first.message).toBeUndefined();
    const second = await loadOrBuildTripleIndex(store, corpus, 'offline-extractor', triples);
    expect(second.fromStore).toBe(true);
    expect(builds).toBe(1);
    const [a, b] = [first.index, second.index];
    expect(b.size).toBe(a.size);
    expect(b.triples).toEqual(a.triples);
    expect(b.termDf).toEqual(a.termDf);
    for (const q of [
      'Who devised the fog-lantern?',
      'Which island has the lighthouse of Ione Marlow?',
      'Tarrow Isles harbour festival',
    ]) {
      expect(b.search(q, 10)).toEqual(a.search(q, 10));
      const initial = a.search(q, 8).map((h) => h.triple);
      for (const t of initial) expect(b.neighbours(t)).toEqual(a.neighbours(t));
      const run = async (index: typeof a) => {
        const rel = createQueryRelevance(index, q);
        return diverseTripleBeamSearch(
          initial,
          cappedNeighbourGraph(index, rel, 121),
          await createLexicalScorer(index).forQuery(q),
          {},
          rel,
        );
      };
      expect(await run(b)).toEqual(await run(a));
    }
  });

  it('rebuilds a stale (changed passages) or damaged stored index and says why', async () => {
    const store = memoryStore();
    let builds = 0;
    const triplesOf = (c: Corpus) => () => (builds++, extractTriplesOffline(c.passages));
    await loadOrBuildTripleIndex(store, corpus, 'offline-extractor', triplesOf(corpus));
    const changed: Corpus = {
      ...corpus,
      passages: corpus.passages.map((p, i) => (i === 0 ? { ...p, text: `${p.text} Edited.` } : p)),
    };
    const stale = await loadOrBuildTripleIndex(store, changed, 'offline-extractor', triplesOf(changed));
    expect(stale.fromStore).toBe(false);
    expect(stale.message).toMatch(/built from other passages/);
    expect(builds).toBe(2);
    expect((await loadOrBuildTripleIndex(store, changed, 'offline-extractor', triplesOf(changed))).fromStore).toBe(
      true,
    );

    const row = [...store.rows.values()][0]!;
    row.buffers.heads = row.buffers.heads!.slice(0, 8);
    const damaged = await loadOrBuildTripleIndex(store, changed, 'offline-extractor', triplesOf(changed));
    expect(damaged.fromStore).toBe(false);
    expect(damaged.message).toMatch(/checksum/);
    expect(builds).toBe(3);
  });
});
