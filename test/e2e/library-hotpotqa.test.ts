// The real HotpotQA set (../shared/data/hotpotqa: 10,787 passages, 742 questions) imported through the
// Library page's file input, as a user would: every stage bar finishes, the corpus survives a reload
// (IndexedDB) and opens from storage (the status line says so: BM25 index and graph read from
// IndexedDB, nothing indexed a second time), and a dataset question runs on it with BM25 and with
// HippoRAG 2 (PPR over the stored graph). Both rankings must equal core computed here in Node over the
// same files. Import time, reopen time and the IndexedDB size are printed so a slowdown shows up in
// the log.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { extractTriplesOffline } from '../../src/core/triples/offline-extractor.ts';
import { installPprWasmNode } from '../../wasm/ppr-node.ts';
import { appSession } from '../support/app-session.ts';
import { hippoRag2Over } from '../support/hipporag2.ts';

const DIR = new URL('../../../shared/data/hotpotqa/', import.meta.url);
const FILES = ['hotpotqa_corpus.json', 'hotpotqa.json'].map((n) => fileURLToPath(new URL(n, DIR)));
const PASSAGES = 10787;
const QUESTIONS = 742;
const SHOWN = 5;

const sel = {
  items: '[data-testid="ranking"] [data-testid="ranked-passage"]',
  title: '[data-testid="passage-title"]',
};

describe('HotpotQA through the Library page (headless Chromium, IndexedDB)', () => {
  const session = appSession('library-hotpotqa');

  it('imports the real corpus and questions, keeps them across a reload, and runs a question with BM25', async () => {
    // What the page must show, computed with the same core code in Node.
    const dataset = loadDataset(
      'hotpotqa',
      FILES.map((f) => ({ name: f.slice(f.lastIndexOf('/') + 1), text: readFileSync(f, 'utf8') })),
    );
    expect([dataset.corpus.passages.length, dataset.questions.length]).toEqual([PASSAGES, QUESTIONS]);
    const question = dataset.questions[0]!;
    const titleOf = new Map(dataset.corpus.passages.map((p) => [p.id, p.title]));
    const bm25 = createBm25Retriever(dataset.corpus.passages);
    const expected = (await bm25.retrieve(question.question, SHOWN)).map((r) => titleOf.get(r.id));
    // HippoRAG 2 as the import builds it (offline triples, BM25 seeds), on the kernel the worker runs.
    installPprWasmNode();
    const hippo = hippoRag2Over(dataset.corpus, {
      base: bm25,
      triples: extractTriplesOffline(dataset.corpus.passages),
    });
    const expectedHippo = (await hippo.retrieve(question.question, SHOWN)).map((r) => titleOf.get(r.id));

    const app = (session.app = await session.chromium.openApp(session.server.url));
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.click('[data-testid="tab-library"]');

    // Per-stage timing in the page: when each stage row is first seen in each state.
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { stageTimes: Record<string, number> }).stageTimes = seen;
      const record = () => {
        for (const row of document.querySelectorAll('[data-testid="import-stage"]')) {
          const key = `${row.getAttribute('data-stage')}:${row.getAttribute('data-state')}`;
          seen[key] ??= performance.now();
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
      seen['start'] = performance.now();
    });
    // This test times the import and the reopen of the indexes; the backbones built at import are
    // library.test.ts's (they add their own build time), so they are left to their first run here.
    await page.uncheck('[data-testid="build-backbones"]');
    const started = performance.now();
    await page.setInputFiles('[data-testid="import-files"]', FILES);
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 270_000 });
    const importMs = performance.now() - started;
    expect(await page.locator('[data-testid="import-done"]').innerText()).toMatch(
      new RegExp(`${PASSAGES} passages, ${QUESTIONS} questions`),
    );
    const stages = page.locator('[data-testid="import-stage"]');
    expect(
      await stages.evaluateAll((rows) =>
        rows.map((r) => `${r.getAttribute('data-stage')}:${r.getAttribute('data-state')}`),
      ),
    ).toEqual([
      'parse:done',
      'bm25:done',
      'triples:done',
      'graph:done',
      'save:done',
      'backbones:skipped',
      'embeddings:skipped',
    ]);
    // Every bar is full.
    expect(
      await stages.locator('progress').evaluateAll((bars) => bars.map((b) => (b as HTMLProgressElement).value)),
    ).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const details = await stages.evaluateAll((rows) =>
      rows.map((r) =>
        [...(r as HTMLTableRowElement).cells]
          .map((c) => c.textContent?.trim())
          .filter(Boolean)
          .join(': '),
      ),
    );
    const times = await page.evaluate(() => (window as unknown as { stageTimes: Record<string, number> }).stageTimes);
    // A stage ends when it is seen done (or skipped); its time runs from the end of the stage before it.
    let previous = times['start']!;
    const stageMs = ['parse', 'bm25', 'triples', 'graph', 'save', 'backbones', 'embeddings'].map((stage) => {
      const end = times[`${stage}:done`] ?? times[`${stage}:skipped`] ?? previous;
      const ms = end - previous;
      previous = end;
      return `${stage} ${(ms / 1000).toFixed(1)} s`;
    });
    await app.screenshot('library-hotpotqa-import');

    // After a reload the corpus comes from IndexedDB.
    await page.reload();
    await page.click('[data-testid="tab-library"]');
    const row = page.locator('[data-testid="library-row"][data-id="hotpotqa"]');
    await row.waitFor({ timeout: 90_000 });
    expect(await row.innerText()).toMatch(new RegExp(`${PASSAGES}\\s+${QUESTIONS}`));

    const opened = performance.now();
    await row.locator('[data-testid="library-use"]').click();
    const status = page.locator('[data-testid="corpus-status"]');
    await status
      .filter({ hasText: new RegExp(`hotpotqa: ready — ${PASSAGES} passages`) })
      .waitFor({ timeout: 180_000 });
    const openMs = performance.now() - opened;
    // Opened from what the import stored: no rebuild, so no notice either.
    const statusText = await status.innerText();
    const workerOpenMs = Number(/opened from storage in (\d+) ms$/.exec(statusText)?.[1] ?? NaN);
    expect(statusText, statusText).toMatch(
      new RegExp(`^hotpotqa: ready — ${PASSAGES} passages, ${QUESTIONS} questions, opened from storage in \\d+ ms$`),
    );
    expect(await page.locator('[data-testid="corpus-notice"]').count()).toBe(0);
    // Chromium's estimate of what this origin keeps in IndexedDB (approximate: its own encoding and compaction).
    const stored = await page.evaluate(async () => {
      const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> };
      return e.usageDetails?.indexedDB ?? e.usage ?? 0;
    });

    await page.selectOption('[data-testid="question-picker"]', question.id);
    await page.selectOption('[data-testid="backbone-picker"]', 'bm25');
    await page.selectOption('[data-testid="strategy-picker"]', 'single'); // the plain BM25 top 20, no LLM
    const ran = performance.now();
    await page.click('[data-testid="run-button"]');
    await page.locator(sel.items).first().waitFor({ timeout: 90_000 });
    const runMs = performance.now() - ran;
    expect(await page.locator(sel.items).count()).toBe(20);
    const shown = await page.locator(`${sel.items} ${sel.title}`).allInnerTexts();
    expect(shown.slice(0, SHOWN).map((t) => t.trim())).toEqual(expected);
    expect(await page.locator(`${sel.items} .score`).count()).toBe(20); // BM25 scores shown with the ranking

    // HippoRAG 2 over the graph read from IndexedDB ranks as the graph built here.
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    const ranHippo = performance.now();
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: 'single on hipporag2' })
      .waitFor({ timeout: 90_000 });
    const topShown = async () =>
      (await page.locator(`${sel.items} ${sel.title}`).allInnerTexts()).slice(0, SHOWN).map((t) => t.trim());
    await expect.poll(topShown, { timeout: 90_000 }).toEqual(expectedHippo);
    const hippoMs = performance.now() - ranHippo;

    console.info(
      `HotpotQA in the browser: import ${(importMs / 1000).toFixed(1)} s (${stageMs.join(', ')}; ${details.join(' | ')}); ` +
        `open after reload ${(openMs / 1000).toFixed(1)} s (worker: opened from storage in ${workerOpenMs} ms); ` +
        `BM25 run ${(runMs / 1000).toFixed(2)} s; HippoRAG 2 run ${(hippoMs / 1000).toFixed(2)} s; IndexedDB ${(stored / 1e6).toFixed(1)} MB`,
    );

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
