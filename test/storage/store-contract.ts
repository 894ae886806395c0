// The store ports as a contract-test factory: what every store implementation (the Dexie repositories)
// must do for the same calls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCsr, EdgeList } from '../../src/core/graph/csr.ts';
import { loadOrRebuild } from '../../src/core/persist/artifacts.ts';
import { csrArtifact, csrFromArtifact, CSR_FORMAT } from '../../src/core/persist/codecs.ts';
import type { ArtifactRef, Stores } from '../../src/core/persist/ports.ts';
import { corpusA, trace, triplesA } from './helpers.ts';

export interface StoreHarness {
  stores: Stores;
  /** Truncates one buffer of a stored artifact behind the store's back (simulated damage). */
  truncate(ref: ArtifactRef): Promise<void>;
  close(): Promise<void>;
}

export function smallCsr() {
  const e = new EdgeList();
  e.add(0, 1, 1);
  e.add(1, 2, 2);
  e.add(2, 3, 0.5);
  return buildCsr(4, e.view());
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
        artifacts: [{ kind: 'graph', key: 'openie-file', ...csrArtifact(smallCsr()) }],
      });
      expect(s).toMatchObject({ id: 'a', passageCount: 3, source: 'a.json' });
      expect(await h.stores.corpora.listCorpora()).toEqual([s]);
      expect(await h.stores.corpora.getCorpus('a')).toEqual(corpusA);
      expect(await h.stores.corpora.getTriples('a')).toEqual([triplesA]);
      const g = await h.stores.artifacts.getArtifact({ corpusId: 'a', kind: 'graph', key: 'openie-file' }, CSR_FORMAT);
      if (g.status !== 'ok') throw new Error(`graph ${g.status}`);
      expect(csrFromArtifact(g.artifact)).toEqual(smallCsr());
      expect(await h.stores.corpora.getCorpus('missing')).toBeUndefined();
    });

    it('deletes a corpus with its artifacts, runs and cache entries only', async () => {
      await h.stores.corpora.saveCorpus({
        corpus: corpusA,
        artifacts: [{ kind: 'graph', key: 'g', ...csrArtifact(smallCsr()) }],
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
      await h.stores.artifacts.putArtifact({ ...ref, ...csrArtifact(smallCsr()) });
      await h.truncate(ref);
      expect((await h.stores.artifacts.getArtifact(ref, CSR_FORMAT)).status).toBe('corrupt');
      const messages: string[] = [];
      const r = await loadOrRebuild(
        h.stores.artifacts,
        ref,
        CSR_FORMAT,
        async () => csrArtifact(smallCsr()),
        (m) => messages.push(m),
      );
      expect(r.fromStore).toBe(false);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/rebuilding it$/);
      expect(
        (await loadOrRebuild(h.stores.artifacts, ref, CSR_FORMAT, async () => csrArtifact(smallCsr()))).fromStore,
      ).toBe(true);
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
