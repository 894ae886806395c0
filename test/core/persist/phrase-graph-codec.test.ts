// The phrase-graph artifact round-trips a HippoRAG 2 graph exactly (node tables, mentions, facts with
// their raw triples, relation-edge provenance, synonyms, CSR), refuses artifacts that do not fit, and
// loadDecodedOrRebuild rebuilds one that verifies but cannot be decoded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPhraseGraph, GRAPH_DEFAULTS } from '../../../src/core/graph/build.ts';
import { sealArtifact, loadDecodedOrRebuild } from '../../../src/core/persist/artifacts.ts';
import {
  PHRASE_GRAPH_ARTIFACT,
  phraseGraphArtifact,
  phraseGraphFromArtifact,
} from '../../../src/core/persist/codecs.ts';
import {
  StorageError,
  type ArtifactInput,
  type ArtifactStore,
  type StoredArtifact,
} from '../../../src/core/persist/ports.ts';
import { verifyArtifact } from '../../../src/core/persist/artifacts.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';
import type { Corpus } from '../../../src/core/types.ts';
import { corpusOf, LOTHAIR, openIeTriples } from '../../support/tiny-corpus.ts';

const corpus = corpusOf(LOTHAIR);
// Raw forms differ from the first raw form of their phrase ("Ermengarde  of Tours!"), a self-loop, a
// triple skipped by normalisation, and lexical synonyms ("ermengarde of tour(s)").
const triples = openIeTriples({
  p1: [['Lothair II', 'son of', 'Ermengarde of Tours']],
  p2: [
    ['Ermengarde of Tours', 'died on', '20 March 851'],
    ['Ermengarde  of Tours!', 'mother of', 'lothair ii'],
    ['Ermengarde of Tour', 'is', 'Ermengarde of Tour'],
    ['!!', 'is', 'nothing'],
  ],
});

const sealed = (input: Omit<ArtifactInput, 'corpusId' | 'kind' | 'key'>): StoredArtifact =>
  sealArtifact({ ...input, corpusId: 'c', kind: 'graph', key: 'openie-file' });

describe('phrase graph artifact', () => {
  it('round-trips a small graph exactly, with its build options', () => {
    const g = buildPhraseGraph(corpus, triples);
    expect(g.synonyms.length).toBeGreaterThan(0);
    expect(g.stats.skippedTriples).toBe(1);
    const artifact = phraseGraphArtifact(g, GRAPH_DEFAULTS);
    expect(artifact.buffers.rawExceptions!.byteLength).toBeGreaterThan(0); // "Ermengarde  of Tours!" and "lothair ii"
    const back = phraseGraphFromArtifact(sealed(artifact));
    // Provenance is materialised on first read only (retrieval never reads it).
    expect(Object.getOwnPropertyDescriptor(back.graph, 'edgeFacts')?.get).toBeTypeOf('function');
    expect(back.graph).toStrictEqual(g);
    expect(Object.getOwnPropertyDescriptor(back.graph, 'edgeFacts')?.get).toBeUndefined();
    expect(back.options).toEqual(GRAPH_DEFAULTS);
  });

  it('round-trips the offline-extractor graph of 300 real passages', () => {
    const dir = new URL('../../../../shared/data/2wikimultihopqa/', import.meta.url);
    const rows = (
      JSON.parse(readFileSync(new URL('2wikimultihopqa_corpus.json', dir), 'utf8')) as { title: string; text: string }[]
    ).slice(0, 300);
    const real: Corpus = {
      id: 'w',
      name: 'w',
      passages: rows.map((r, i) => ({ id: `w${i}`, title: r.title, text: r.text })),
    };
    const g = buildPhraseGraph(real, extractTriplesOffline(real.passages));
    const a = sealed(phraseGraphArtifact(g, GRAPH_DEFAULTS));
    expect(verifyArtifact(a, PHRASE_GRAPH_ARTIFACT).status).toBe('ok');
    expect(phraseGraphFromArtifact(a).graph).toStrictEqual(g);
  });

  it('refuses an artifact that does not fit, naming what is wrong', () => {
    const a = phraseGraphArtifact(buildPhraseGraph(corpus, triples), GRAPH_DEFAULTS);
    const meta = a.meta as Record<string, unknown>;
    const bad = (patch: Partial<typeof a>) => () => phraseGraphFromArtifact(sealed({ ...a, ...patch }));
    expect(bad({ meta: { ...meta, phraseCount: 1 } })).toThrow(StorageError);
    expect(bad({ meta: { ...meta, phraseCount: 1 } })).toThrow(
      /phrase graph "openie-file" of corpus "c": 2 passages \+ 1 phrases != \d+ nodes/,
    );
    const { factSubject: _dropped, ...rest } = a.buffers;
    expect(bad({ buffers: rest })).toThrow(/lacks buffer "factSubject"/);
    expect(
      bad({
        buffers: {
          ...a.buffers,
          factSubject: new Uint32Array(new Uint32Array(a.buffers.factSubject!).map(() => 0)).buffer,
        },
      }),
    ).toThrow(/fact subject 0 is outside 2\.\./);
    expect(bad({ buffers: { ...a.buffers, phrasesBytes: new Uint8Array([0xff, 0xfe]).buffer } })).toThrow(StorageError);
  });
});

describe('loadDecodedOrRebuild', () => {
  function memoryStore(): ArtifactStore & { rows: Map<string, StoredArtifact> } {
    const rows = new Map<string, StoredArtifact>();
    const id = (r: { corpusId: string; kind: string; key: string }) => `${r.corpusId}/${r.kind}/${r.key}`;
    return {
      rows,
      async putArtifact(input) {
        const s = sealArtifact(input);
        rows.set(id(input), s);
        return s;
      },
      async getArtifact(ref, expect) {
        const row = rows.get(id(ref));
        return row ? verifyArtifact(row, expect) : { status: 'missing' };
      },
      async listArtifacts() {
        return [];
      },
      async deleteArtifact(ref) {
        rows.delete(id(ref));
      },
    };
  }
  const ref = { corpusId: 'c', kind: 'graph', key: 'openie-file' } as const;
  const build = async () => {
    const g = buildPhraseGraph(corpus, triples);
    return { value: g, artifact: phraseGraphArtifact(g, GRAPH_DEFAULTS) };
  };
  const decode = (a: StoredArtifact) => phraseGraphFromArtifact(a).graph;

  it('builds when missing (no message), then decodes the stored copy', async () => {
    const store = memoryStore();
    const first = await loadDecodedOrRebuild(store, ref, PHRASE_GRAPH_ARTIFACT, decode, build);
    expect([first.fromStore, first.message]).toEqual([false, undefined]);
    const second = await loadDecodedOrRebuild(store, ref, PHRASE_GRAPH_ARTIFACT, decode, build);
    expect(second.fromStore).toBe(true);
    expect(second.value).toStrictEqual(first.value);
  });

  it('rebuilds and replaces an artifact that verifies but cannot be decoded, with a message', async () => {
    const store = memoryStore();
    const good = await build();
    await store.putArtifact({ ...ref, ...good.artifact, meta: { ...(good.artifact.meta as object), phraseCount: 0 } });
    const messages: string[] = [];
    const r = await loadDecodedOrRebuild(store, ref, PHRASE_GRAPH_ARTIFACT, decode, build, (m) => messages.push(m));
    expect(r.fromStore).toBe(false);
    expect(r.message).toMatch(
      /^graph "openie-file" of corpus "c" could not be used \(.*!= \d+ nodes\); rebuilding it$/,
    );
    expect(messages).toEqual([r.message]);
    expect((await loadDecodedOrRebuild(store, ref, PHRASE_GRAPH_ARTIFACT, decode, build)).fromStore).toBe(true);
  });
});
