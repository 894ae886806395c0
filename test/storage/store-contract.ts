// The store ports as a contract-test factory: the Dexie repositories (browser) and the file store
// (Node CLI) must behave the same for the same calls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDecodedOrRebuild } from '../../src/core/persist/artifacts.ts';
import { phraseGraphFromArtifact, PHRASE_GRAPH_ARTIFACT } from '../../src/core/persist/codecs.ts';
import type { ArtifactRef, Stores } from '../../src/core/persist/ports.ts';
import { corpusA, graphA, graphArtifactA, rebuildGraphA, trace, triplesA } from './helpers.ts';

export interface StoreHarness {
  stores: Stores;
  /** Truncates one buffer of a stored artifact behind the store's back (simulated damage). */
  truncate(ref: ArtifactRef): Promise<void>;
  close(): Promise<void>;
}

const reply = { text: 'x', usage: { prompt: 1, completion: 1, total: 2 }, provider: 'p', model: 'm', createdAt: 't' };

export function describeStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`store contract: ${name}`, () => {
    let h: StoreHarness;
    beforeEach(async () => {
      h = await open();
    });
    afterEach(async () => {
      await h.close();
    });

    it('round-trips a corpus with triples and a graph, in passage order', async () => {
      const s = await h.stores.corpora.saveCorpus({
        corpus: corpusA,
        source: 'a.json',
        triples: [triplesA],
        artifacts: [{ kind: 'graph', key: 'openie-file', ...graphArtifactA() }],
      });
      expect(s).toMatchObject({ id: 'a', passageCount: 3, source: 'a.json' });
      expect(await h.stores.corpora.listCorpora()).toEqual([s]);
      expect(await h.stores.corpora.getCorpus('a')).toEqual(corpusA);
      expect(await h.stores.corpora.getTriples('a')).toEqual([triplesA]);
      const g = await h.stores.artifacts.getArtifact(
        { corpusId: 'a', kind: 'graph', key: 'openie-file' },
        PHRASE_GRAPH_ARTIFACT,
      );
      if (g.status !== 'ok') throw new Error(`graph ${g.status}`);
      expect(phraseGraphFromArtifact(g.artifact).graph.csr).toEqual(graphA().csr);
      expect(await h.stores.corpora.getCorpus('missing')).toBeUndefined();
    });

    it('deletes a corpus with its artifacts, runs and cache entries only', async () => {
      await h.stores.corpora.saveCorpus({
        corpus: corpusA,
        artifacts: [{ kind: 'graph', key: 'g', ...graphArtifactA() }],
      });
      await h.stores.corpora.saveCorpus({ corpus: { ...corpusA, id: 'b', name: 'B' } });
      await h.stores.runs.putRun(trace('r1', 'a', '2026-01-01T00:00:00Z'));
      await h.stores.runs.putRun(trace('r2', 'b', '2026-01-02T00:00:00Z'));
      await h.stores.llmCache.put('ka', reply, { corpusId: 'a' });
      await h.stores.llmCache.put('kb', reply, { corpusId: 'b' });
      await h.stores.corpora.deleteCorpus('a');
      expect((await h.stores.corpora.listCorpora()).map((c) => c.id)).toEqual(['b']);
      expect(await h.stores.artifacts.listArtifacts('a')).toEqual([]);
      expect(await h.stores.corpora.getTriples('a')).toEqual([]);
      expect((await h.stores.runs.listRuns()).map((r) => r.id)).toEqual(['r2']);
      expect(await h.stores.llmCache.get('ka')).toBeUndefined();
      expect(await h.stores.llmCache.get('kb')).toEqual(reply);
    });

    it('a truncated stored graph is reported corrupt and rebuilt with a message', async () => {
      const ref = { corpusId: 'a', kind: 'graph', key: 'g' } as const;
      await h.stores.artifacts.putArtifact({ ...ref, ...graphArtifactA() });
      await h.truncate(ref);
      expect((await h.stores.artifacts.getArtifact(ref, PHRASE_GRAPH_ARTIFACT)).status).toBe('corrupt');
      const messages: string[] = [];
      const load = (onMessage?: (m: string) => void) =>
        loadDecodedOrRebuild(
          h.stores.artifacts,
          ref,
          PHRASE_GRAPH_ARTIFACT,
          phraseGraphFromArtifact,
          rebuildGraphA,
          onMessage,
        );
      const r = await load((m) => messages.push(m));
      expect(r.fromStore).toBe(false);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/rebuilding it$/);
      expect((await load()).fromStore).toBe(true);
    });

    it('runs are listed by date and settings persist', async () => {
      await h.stores.runs.putRun(trace('late', 'a', '2026-01-02T00:00:00Z'));
      await h.stores.runs.putRun(trace('early', 'a', '2026-01-01T00:00:00Z'));
      expect((await h.stores.runs.listRuns('a')).map((r) => r.id)).toEqual(['early', 'late']);
      expect(await h.stores.runs.getRun('late')).toEqual(trace('late', 'a', '2026-01-02T00:00:00Z'));
      await h.stores.settings.putSetting('k', { v: 1 });
      await h.stores.settings.putSetting('k2', 2);
      expect(await h.stores.settings.getSetting('k')).toEqual({ v: 1 });
      expect(await h.stores.settings.getSetting('absent')).toBeUndefined();
    });
  });
}
