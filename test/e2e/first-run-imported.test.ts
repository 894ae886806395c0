// The first run after an import builds nothing (headless Chromium): a MuSiQue slice (../shared/data/musique,
// the first few dozen questions and their paragraphs, written to a scratch folder) is imported in the
// Library with "Build the graph backbones now" on (the default). Then, in the inspector, one question is
// run twice on each of HippoRAG 2, RAPTOR and GraphRAG (retrieval only) and with GEAR on the graph-expansion
// backbone. The first run of each shows no build step, as the second does not (the step caption's build
// log, watched for the whole session, and its live "Building …" status), its header says it stands on what
// the import built and stored, and both runs end done with the same ranking. After a reload, each first
// run reads its build from IndexedDB (the header says so), shows no build and ranks as before. The wall
// time of each run is written to test-results/first-run-imported.json and printed; nothing is asserted on it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { traceRanking } from '../../src/core/trace/fold.ts';
import type { TraceEvent } from '../../src/core/trace/schema.ts';
import { appSession } from '../support/app-session.ts';
import { scratch } from '../support/scratch.ts';

const MUSIQUE = new URL('../../../shared/data/musique/', import.meta.url);
const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));
/** How many of MuSiQue's questions the slice keeps (with every paragraph they list: about 20 each). */
const QUESTIONS = 30;
const CORPUS_ID = 'musique-slice';

/**
 * What a user picks for each: the backbone, and retrieval only ("single") over it; GEAR is a strategy
 * that runs on a graph-expansion backbone (NaiveGE, over BM25 by default, the one the import builds).
 * `header` is what the run's trace options say about where its backbone came from: in the session that
 * imported, the build the import made and stored ("built and stored": RAPTOR's tree, GraphRAG's
 * communities, GEAR's triple index; HippoRAG 2 over the phrase graph the import stored). Those words do
 * not say who built it (a first run that built would record the same), so the build log is what tells.
 */
const RUNS = [
  {
    backbone: 'hipporag2',
    strategy: 'single',
    header: { built: 'over the given phrase graph' },
    reloaded: { built: 'over the given phrase graph' },
  },
  {
    backbone: 'raptor',
    strategy: 'single',
    header: { built: 'built and stored' },
    reloaded: { built: 'loaded from storage' },
  },
  {
    backbone: 'graphrag',
    strategy: 'single',
    header: { built: 'built and stored' },
    reloaded: { built: 'loaded from storage' },
  },
  {
    backbone: 'naivege',
    strategy: 'gear',
    header: { built: 'over the given triple index', tripleIndex: 'built and stored' },
    reloaded: { built: 'over the given triple index', tripleIndex: 'read from storage' },
  },
] as const;

interface RunFile {
  trace: { status: string; options?: Record<string, unknown>; events: TraceEvent[] };
}

describe('first run after an import with the backbones built (headless Chromium, MuSiQue slice)', () => {
  const session = appSession('first-run-imported');
  const dir = scratch('first-run-imported');
  let files: string[] = [];
  let questionId = '';

  beforeAll(async () => {
    const all = JSON.parse(readFileSync(new URL('musique.json', MUSIQUE), 'utf8')) as {
      id: string;
      paragraphs: { title: string; paragraph_text: string }[];
    }[];
    const questions = all.slice(0, QUESTIONS);
    const seen = new Set<string>();
    const corpus = questions
      .flatMap((q) => q.paragraphs.map((p) => ({ title: p.title, text: p.paragraph_text })))
      .filter((p) => {
        const key = `${p.title}\n${p.text}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    const folder = await dir.fresh('musique');
    files = [join(folder, `${CORPUS_ID}_corpus.json`), join(folder, `${CORPUS_ID}.json`)];
    await writeFile(files[0]!, JSON.stringify(corpus));
    await writeFile(files[1]!, JSON.stringify(questions));
    questionId = questions[0]!.id;
  });

  it(
    'builds the backbones at import, so each first run builds nothing and ranks as the second does',
    { timeout: 300_000 },
    async () => {
      const app = await session.openReady();
      const { page } = app;
      await page.click('[data-testid="tab-library"]');
      await expect.poll(() => page.locator('[data-testid="build-backbones"]').isChecked()).toBe(true);
      await page.setInputFiles('[data-testid="import-files"]', files);
      await page.locator('[data-testid="import-done"]').waitFor({ timeout: 180_000 });
      const backbones = page.locator('[data-testid="import-stage"][data-stage="backbones"]');
      expect(await backbones.getAttribute('data-state')).toBe('done');
      expect(await backbones.innerText()).toMatch(/hipporag2, raptor, graphrag, naivege ready/);
      await useCorpusOnQuestion(page, questionId);

      const times: { backbone: string; strategy: string; run: number; ms: number }[] = [];
      const rankings = new Map<string, string[]>();
      for (const { backbone, strategy, header } of RUNS) {
        await page.selectOption('[data-testid="backbone-picker"]', backbone);
        await page.selectOption('[data-testid="strategy-picker"]', strategy);
        const runs = [];
        for (const run of [1, 2]) {
          const started = performance.now();
          await runOnce(page);
          times.push({ backbone, strategy, run, ms: Math.round(performance.now() - started) });
          const label = page.locator('[data-testid="run-label"]');
          expect(await label.innerText()).toMatch(new RegExp(`^${strategy} on ${backbone} · ${CORPUS_ID} · `));
          expect(await label.locator('[data-testid="run-status"]').count(), 'the run ended done').toBe(0);
          const file = await exportRun(page, dir.root);
          expect(file.trace.status).toBe('done');
          runs.push({
            ranking: await shownRanking(page),
            scores: traceRanking(file.trace),
            options: file.trace.options ?? {},
            built: await label.locator('[data-testid="backbone-built"]').innerText(),
            builds: await buildStatusSeen(page),
          });
        }
        const [first, second] = runs;
        const what = `${strategy} on ${backbone}`;
        // No build step in either run: the build log and the live status stayed empty (with the import's
        // build off, the first run's log names every stage: "raptor: clustering level 1", ...).
        expect(first!.builds, `${what}: the first run's build log`).toEqual([]);
        expect(second!.builds, `${what}: the second run's build log`).toEqual([]);
        // The header says what the run stood on: the import's build, kept and stored.
        expect(first!.options, `${what}: the first run's trace options`).toMatchObject(header);
        expect(first!.built).toBe(`· ${backbone}: ${header.built}`);
        expect(second!.options).toMatchObject(header);
        // Same question, same backbone, same numbers.
        expect(first!.ranking.length, `${what} ranks passages`).toBeGreaterThan(0);
        expect(second!.ranking, `${what}: the second run's ranking on screen`).toEqual(first!.ranking);
        expect(second!.scores, `${what}: the second run's ranking in its trace`).toEqual(first!.scores);
        rankings.set(backbone, first!.ranking);
      }

      // Nor did any run show a build later on (build progress travels apart from the trace and may arrive after it).
      expect(await allBuildStatusSeen(page), 'builds seen during the eight runs').toEqual([]);

      // After a reload the builds come from IndexedDB: each first run reads what the import stored, shows
      // no build of it, and ranks exactly as before.
      await page.reload();
      await page.click('[data-testid="tab-library"]');
      await useCorpusOnQuestion(page, questionId);
      for (const { backbone, strategy, reloaded } of RUNS) {
        await page.selectOption('[data-testid="backbone-picker"]', backbone);
        await page.selectOption('[data-testid="strategy-picker"]', strategy);
        const started = performance.now();
        await runOnce(page);
        times.push({ backbone, strategy, run: 3, ms: Math.round(performance.now() - started) });
        const what = `${strategy} on ${backbone} after a reload`;
        const file = await exportRun(page, dir.root);
        expect(file.trace.status).toBe('done');
        expect(file.trace.options, `${what}: the trace options`).toMatchObject(reloaded);
        // GEAR's beam scorer is set up over the stored triple index when the backbone is assembled (a
        // progress line, no index build); every other first run shows nothing at all.
        const builds = (await buildStatusSeen(page)).filter((b) => !/preparing the beam search/.test(b));
        expect(builds, `${what}: the build log`).toEqual([]);
        expect(await shownRanking(page), `${what}: the ranking on screen`).toEqual(rankings.get(backbone));
      }

      await mkdir(RESULTS, { recursive: true });
      writeFileSync(
        join(RESULTS, 'first-run-imported.json'),
        JSON.stringify({ corpus: CORPUS_ID, questionId, times }, null, 2),
      );
      console.log(
        `first-run-imported (run 3: the first after a reload): ${times.map((t) => `${t.strategy} on ${t.backbone} run ${t.run} ${t.ms} ms`).join(', ')}`,
      );
      await app.screenshot('first-run-imported');
      app.assertNoNetwork();
      app.assertNoConsoleErrors();
    },
  );
});

/** Uses the slice from the Library row, then opens the question in the inspector with the build watch on. */
async function useCorpusOnQuestion(page: Page, questionId: string): Promise<void> {
  await page.locator(`[data-testid="library-row"][data-id="${CORPUS_ID}"] [data-testid="library-use"]`).click();
  await page
    .locator('[data-testid="corpus-status"]')
    .filter({ hasText: new RegExp(`${CORPUS_ID}: ready`) })
    .waitFor({ timeout: 60_000 });
  await page.click('[data-testid="tab-inspector"]');
  await watchBuildStatus(page);
  await page.selectOption('[data-testid="question-picker"]', questionId);
}

/** Presses Run and waits until this run (not the one shown before it) is done: its Export button is new. */
async function runOnce(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { buildRun: number; buildStale: string | null };
    document.querySelector('[data-testid="export-run"]')?.setAttribute('data-e2e-before', '');
    // The log shown now is the last run's until this run starts and clears it.
    w.buildStale = document.querySelector('[data-testid="step-caption"]')?.getAttribute('data-history') ?? null;
    w.buildRun += 1;
  });
  await page.click('[data-testid="run-button"]');
  await page.locator('[data-testid="export-run"]:not([data-e2e-before])').waitFor({ timeout: 120_000 });
}

/**
 * Records, from now on, every build the step caption shows: its build log (data-history, which keeps each
 * stage even after the run) and its live status while the run waits ("Building …").
 */
async function watchBuildStatus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { buildSeen: string[]; buildRun: number; buildStale: string | null };
    const seen: string[] = [];
    w.buildSeen = seen;
    w.buildRun = 0;
    w.buildStale = null;
    const note = (s: string) => {
      const tagged = `run ${w.buildRun}: ${s}`;
      if (!seen.includes(tagged)) seen.push(tagged);
    };
    new MutationObserver(() => {
      const caption = document.querySelector('[data-testid="step-caption"]');
      if (!caption) return;
      const history = caption.getAttribute('data-history');
      if (history === null) w.buildStale = null;
      else if (history !== w.buildStale) for (const line of history.split('\n')) note(`log: ${line}`);
      const text = caption.textContent ?? '';
      // "Building RAPTOR’s tree: clustering level 1 · 40% · about 1 s left": the stage, without its progress.
      if (/^Building /.test(text)) note(`status: ${text.replace(/ · \d+%.*$/, '')}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** What the watch saw during the run just done (tagged "run <n>: "), and the build log shown now. */
async function buildStatusSeen(page: Page): Promise<string[]> {
  const history = await page.locator('[data-testid="step-caption"]').getAttribute('data-history');
  const seen = await page.evaluate(() => {
    const w = window as unknown as { buildSeen: string[]; buildRun: number };
    return w.buildSeen.filter((s) => s.startsWith(`run ${w.buildRun}: `));
  });
  return history ? [...seen, `log shown: ${history}`] : seen;
}

/** Everything the watch saw since it started, a build reported late included. */
async function allBuildStatusSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { buildSeen: string[] }).buildSeen]);
}

/** The ranking on screen: rank, title and score of each passage. */
async function shownRanking(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="ranking"] [data-testid="ranked-passage"]')
    .evaluateAll((items) =>
      items.map(
        (li) =>
          `${li.getAttribute('data-rank')} ${li.querySelector('[data-testid="passage-title"]')?.textContent ?? ''} ${li.querySelector('.score')?.textContent ?? ''}`,
      ),
    );
}

/** The shown run as the Export button saves it. */
async function exportRun(page: Page, root: string): Promise<RunFile> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-run"]')]);
  const folder = join(root, 'runs');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  return JSON.parse(readFileSync(path, 'utf8')) as RunFile;
}
