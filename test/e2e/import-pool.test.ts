// The Library import through the worker pool in Debian's Chromium: the engine worker hands the offline
// triples and the synonym search to navigator.hardwareConcurrency module workers and streams the passages
// into IndexedDB. The stored corpus must be the one the single-threaded core builds in Node from the same
// files: the same passage count, the same triple count, and the same HippoRAG 2 ranking for a question;
// the triples bar must show progress from the workers while they run. A slice of real HotpotQA keeps
// it quick (the full corpus: test/e2e/library-hotpotqa.test.ts and `npm run bench -- import`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../src/core/ingest/index.ts';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { extractTriplesOffline } from '../../src/core/triples/offline-extractor.ts';
import { installPprWasmNode } from '../../wasm/ppr-node.ts';
import { appSession } from '../support/app-session.ts';
import { hippoRag2Over } from '../support/hipporag2.ts';

const DIR = new URL('../../../shared/data/hotpotqa/', import.meta.url);
const SLICE = 2000;
const passages = (
  JSON.parse(readFileSync(new URL('hotpotqa_corpus.json', DIR), 'utf8')) as { title: string; text: string }[]
).slice(0, SLICE);
const titles = new Set(passages.map((p) => p.title));
const questions = (
  JSON.parse(readFileSync(new URL('hotpotqa.json', DIR), 'utf8')) as { supporting_facts: [string, number][] }[]
).filter((q) => q.supporting_facts.every(([t]) => titles.has(t)));
const files = [
  { name: 'hpslice_corpus.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(passages)) },
  { name: 'hpslice.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(questions)) },
];

describe('Library import through the worker pool (headless Chromium)', () => {
  const session = appSession('import-pool');

  it('stores the corpus the single-threaded core builds, and shows the workers progressing', async () => {
    const dataset = loadDataset(
      'hpslice',
      files.map((f) => ({ name: f.name, text: f.buffer.toString('utf8') })),
    );
    expect(dataset.questions.length).toBeGreaterThan(0); // precondition on the slice
    const triples = extractTriplesOffline(dataset.corpus.passages);
    const tripleCount = triples.passages.reduce((n, p) => n + p.triples.length, 0);
    const question = dataset.questions[0]!;
    const titleOf = new Map(dataset.corpus.passages.map((p) => [p.id, p.title]));
    installPprWasmNode();
    const hippo = hippoRag2Over(dataset.corpus, {
      base: createBm25Retriever(dataset.corpus.passages),
      triples,
    });
    const expected = (await hippo.retrieve(question.question, 5)).map((r) => titleOf.get(r.id));

    const app = await session.open();
    const { page } = app;
    const workers = await page.evaluate(() => navigator.hardwareConcurrency);
    await page.click('[data-testid="tab-library"]');
    // Every state the triples row shows, as it changes.
    await page.evaluate(() => {
      const states: string[] = [];
      (window as unknown as { triplesStates: string[] }).triplesStates = states;
      new MutationObserver(() => {
        const row = document.querySelector('[data-testid="import-stage"][data-stage="triples"]');
        const bar = row?.querySelector('progress');
        if (row && bar) states.push(`${row.getAttribute('data-state')} ${bar.value} ${row.textContent ?? ''}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.setInputFiles('[data-testid="import-files"]', files);
    await page.locator('[data-testid="import-done"]').waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-testid="import-done"]').innerText()).toMatch(
      new RegExp(`${SLICE} passages, ${questions.length} questions`),
    );
    const triplesRow = page.locator('[data-testid="import-stage"][data-stage="triples"]');
    expect(await triplesRow.innerText()).toContain(
      `${tripleCount} triples, ${workers} worker${workers === 1 ? '' : 's'}`,
    );
    const states = await page.evaluate(() => (window as unknown as { triplesStates: string[] }).triplesStates);
    const midway = states.filter(
      (s) => /^running 0\.\d+ /.test(s) && s.includes(`/ ${SLICE} passages, ${workers} worker`),
    );
    expect(midway.length, states.join('\n')).toBeGreaterThan(0);

    // The stored corpus opens and HippoRAG 2 ranks as the core did in Node.
    const row = page.locator('[data-testid="library-row"][data-id="hpslice"]');
    await row.locator('[data-testid="library-use"]').click();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: new RegExp(`hpslice: ready — ${SLICE} passages`) })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', question.id);
    await page.selectOption('[data-testid="backbone-picker"]', 'hipporag2');
    await page.selectOption('[data-testid="strategy-picker"]', 'single');
    await page.click('[data-testid="run-button"]');
    await page
      .locator('[data-testid="run-label"]')
      .filter({ hasText: 'single on hipporag2' })
      .waitFor({ timeout: 60_000 });
    const top = async () =>
      (
        await page
          .locator('[data-testid="ranking"] [data-testid="ranked-passage"] [data-testid="passage-title"]')
          .allInnerTexts()
      )
        .slice(0, 5)
        .map((t) => t.trim());
    await expect.poll(top, { timeout: 30_000 }).toEqual(expected);

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
