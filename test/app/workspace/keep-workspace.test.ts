import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keepWorkspace, type WorkspaceStore } from '../../../src/app/workspace/keep-workspace.ts';
import { WORKSPACE_KEYS } from '../../../src/app/workspace/workspace-schema.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import { createAppStore } from '../../../src/state/store.ts';

const trace = loadTrace(
  readFileSync(new URL('../../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8'),
  'fixture',
);

/** The settings store as a Map, recording each put. */
function memoryStore(initial: Record<string, unknown> = {}) {
  const rows = new Map<string, unknown>(Object.entries(initial));
  const puts: string[] = [];
  const db: WorkspaceStore = {
    getSetting: async (key) => structuredClone(rows.get(key)),
    putSetting: async (key, value) => {
      puts.push(key);
      rows.set(key, structuredClone(value));
    },
  };
  return { rows, puts, db };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('the workspace survives a reload', () => {
  it('saves the run, the step, the choices and the batch, and a new page restores them', async () => {
    const mem = memoryStore();
    const page1 = createAppStore();
    const stop1 = keepWorkspace(page1, mem.db, { debounceMs: 1 });
    await settle();
    const s = page1.getState();
    s.setBackbone('hipporag2');
    s.setView('batch');
    s.setView('settings'); // never reopened: the reload returns to the batch
    s.showTrace(trace);
    s.setStep(7);
    s.setBatchLimit(20);
    s.startBatch(4, 0, false);
    s.addBatchRun({ strategy: 'bm25', trace });
    await settle();
    stop1();
    expect(new Set(mem.puts)).toEqual(new Set(Object.values(WORKSPACE_KEYS)));

    const page2 = createAppStore();
    const stop2 = keepWorkspace(page2, mem.db, { debounceMs: 1 });
    await settle();
    const r = page2.getState();
    expect(r.workspaceRestored).toBe(true);
    expect(r.backbone).toBe('hipporag2');
    expect(r.view).toBe('batch');
    expect(r.trace?.id).toBe(trace.id);
    expect(r.step).toBe(7);
    expect(r.batchLimit).toBe(20);
    expect(r.batchRuns).toHaveLength(1);
    // The batch was running when the page went: it comes back stopped, so Resume runs what is missing.
    expect(r.batchStatus).toBe('cancelled');
    expect(r.batchTotal).toBe(4);
    stop2();
  });

  it('a batch saved as running that holds every run comes back done (the reload beat the write of its status)', async () => {
    const mem = memoryStore();
    const page1 = createAppStore();
    const stop1 = keepWorkspace(page1, mem.db, { debounceMs: 1 });
    await settle();
    page1.getState().startBatch(1, 0, false);
    page1.getState().addBatchRun({ strategy: 'bm25', trace });
    await settle();
    stop1();
    expect(page1.getState().batchStatus).toBe('running');

    const page2 = createAppStore();
    const stop2 = keepWorkspace(page2, mem.db, { debounceMs: 1 });
    await settle();
    expect(page2.getState()).toMatchObject({ batchStatus: 'done', batchTotal: 1 });
    expect(page2.getState().batchRuns).toHaveLength(1);
    stop2();
  });

  it('nothing is written before the restore, so a fresh page never overwrites the saved session', async () => {
    const mem = memoryStore();
    const page1 = createAppStore();
    const stop1 = keepWorkspace(page1, mem.db, { debounceMs: 1 });
    await settle();
    page1.getState().setStrategy('ircot');
    await settle();
    stop1();
    mem.puts.length = 0;
    const page2 = createAppStore();
    const stop2 = keepWorkspace(page2, mem.db, { debounceMs: 1 });
    stop2(); // closed before its restore finished
    await settle();
    expect(mem.puts).toEqual([]);
    expect((mem.rows.get(WORKSPACE_KEYS.choices) as { strategy: string }).strategy).toBe('ircot');
  });

  it('a record of another corpus stays put; a damaged record is dropped with a warning that names it', async () => {
    const mem = memoryStore({
      [WORKSPACE_KEYS.run]: { corpusId: 'other', trace, passages: null },
      [WORKSPACE_KEYS.choices]: { corpusId: 'demo', view: 'nowhere' },
    });
    const warnings: string[] = [];
    const page = createAppStore();
    const stop = keepWorkspace(page, mem.db, { debounceMs: 1, warn: (m) => warnings.push(m) });
    await settle();
    expect(page.getState().trace).toBeNull();
    expect(page.getState().view).toBe('inspector');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/saved choices \(settings key workspace\.v1\.choices\) .* at view/);
    stop();
  });
});

describe('what the user did before the restore wins', () => {
  it('a choice made and a run started since the page opened are not replaced by the saved ones', async () => {
    const mem = memoryStore();
    const page1 = createAppStore();
    const stop1 = keepWorkspace(page1, mem.db, { debounceMs: 1 });
    await settle();
    page1.getState().setStrategy('ircot');
    page1.getState().setBackbone('raptor');
    page1.getState().showTrace(trace);
    await settle();
    stop1();

    const page2 = createAppStore();
    const stop2 = keepWorkspace(page2, mem.db, { debounceMs: 1 });
    page2.getState().setStrategy('gear'); // chosen before the saved choices came back
    page2.getState().startRun(trace.question); // and run
    await settle();
    expect(page2.getState().strategy).toBe('gear');
    expect(page2.getState().backbone).toBe('raptor');
    expect(page2.getState().runStatus).toBe('running');
    expect(page2.getState().trace).toBeNull();
    stop2();
  });
});
