// BDTR live in the built app: the inspector starts on BDTR, no LLM is configured, so the engine worker
// runs it with the offline thinker, labelled. The trace streams into every view: the round timeline
// with fast and slow thoughts, the rank chart with the gold passage's line, the verifier promotions and
// the cut, and the graph view around the question. The WebAssembly PPR kernel loads (no fallback).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

const demoDir = new URL('../../public/demo/', import.meta.url);
const corpus = JSON.parse(readFileSync(new URL('demo_corpus.json', demoDir), 'utf8')) as { title: string }[];
const questions = JSON.parse(readFileSync(new URL('demo.json', demoDir), 'utf8')) as {
  _id: string;
  question: string;
  supporting_titles: string[];
}[];
const QUESTION = 'demo-01';
const goldIds = (questions.find((q) => q._id === QUESTION)?.supporting_titles ?? []).map(
  (t) => `p${corpus.findIndex((p) => p.title === t)}`,
);

describe('BDTR live with the offline thinker (headless Chromium, no network)', () => {
  // Screenshots are taken inside the tests (session.app stays unset, so none at the end).
  const session = appSession('bdtr-live');

  it('runs BDTR on a demo question and every view shows its trace', async () => {
    expect(goldIds).toHaveLength(2);
    expect(goldIds.every((id) => id !== 'p-1')).toBe(true);
    const app = await session.chromium.openApp(session.server.url);
    const { page } = app;
    const infos: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'info') infos.push(msg.text());
    });
    await page.setViewportSize({ width: 1400, height: 900 });
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });

    // BDTR is the inspector's default strategy; nothing is configured in Settings.
    expect(await page.locator('[data-testid="strategy-picker"]').inputValue()).toBe('bdtr');
    const offered = await page
      .locator('[data-testid="strategy-picker"] option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual([
      'single',
      'single-read',
      'static',
      'ircot',
      'irgs',
      'tog',
      'gcot',
      'bdtr',
      'bdtr-dtr',
      'bdtr-bgec',
      'gear',
      'planner',
      'dualrag',
      'dualrag-no-reasoner',
      'dualrag-no-ei',
      'dualrag-no-outline',
      'auto',
      'ensemble',
    ]);
    await page.selectOption('[data-testid="question-picker"]', QUESTION);
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });

    // Labelled where the run is shown: the run header and the answer panel.
    const runLabel = page.locator('[data-testid="run-label"]');
    expect(await runLabel.innerText()).toMatch(/^bdtr on bm25/);
    expect(await runLabel.innerText()).toContain('offline thinker (no LLM)');
    expect(await page.locator('[data-testid="llm-label"]').innerText()).toContain('LLM: offline thinker (no LLM)');
    expect(await page.getByText('offline thinker (no LLM)').first().isVisible()).toBe(true);
    expect(await page.locator('[data-testid="run-status"]').count()).toBe(0); // done, not failed/aborted

    // Round timeline: rounds 0-2, a fast and a slow thought in each iteration, each retrieved.
    expect(await page.locator('[data-testid="timeline-round"]').count()).toBe(3);
    for (const round of ['1', '2']) {
      const r = page.locator(`[data-testid="timeline-round"][data-round="${round}"]`);
      expect(await r.locator('[data-testid="thought"][data-kind="fast"]').count()).toBe(1);
      expect(await r.locator('[data-testid="thought"][data-kind="slow"]').count()).toBe(1);
      expect(await r.locator('[data-testid="query"][data-label="fast"]').count()).toBe(1);
      expect(await r.locator('[data-testid="query"][data-label="slow"]').count()).toBe(1);
    }
    expect(await page.locator('[data-testid="thought"][data-kind="reasoning-chain"]').count()).toBe(1);
    expect(await page.locator('[data-testid="chain-node"]').count()).toBeGreaterThanOrEqual(3);

    // Rank chart: initial pool, two rounds, the verifier and the final cut; a gold passage's line is drawn.
    const chart = page.locator('.col-main [data-testid="rank-chart"]');
    expect(await chart.locator('.bump-stage').allTextContents()).toEqual([
      'initial pool',
      'round 1',
      'round 2',
      'verifier',
      'final cut',
    ]);
    const goldLines = chart.locator('[data-testid="bump-line"][data-gold="true"]');
    expect(await goldLines.count()).toBeGreaterThan(0);
    expect(goldIds).toContain(await goldLines.first().getAttribute('data-id'));
    expect(await chart.locator('[data-testid="cutoff-line"]').count()).toBe(1);

    // Verifier promotions and the cut's mu and sigma.
    expect(await page.locator('[data-testid="promotion"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="promotion"][data-gold="true"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="cutoff"]').innerText()).toMatch(
      /μ = \d+\.\d{3}, σ = \d+\.\d{3}, threshold μ\+σ = \d+\.\d{3}; \d+ passages kept/,
    );
    // The offline thinker answers and costs zero tokens.
    expect((await page.locator('[data-testid="answer"]').innerText()).trim()).not.toBe('');
    expect(await page.locator('[data-testid="module-costs"]').innerText()).toMatch(/bdtr\.verifier\s+1\s+0/);
    await app.screenshot('bdtr-live');

    // The graph view around the question and the run's pool (PPR over the phrase graph).
    await page.click('[data-testid="tab-graph"]');
    await page.locator('[data-testid="graph-canvas"] canvas').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-testid="graph-stats"]').innerText(), { timeout: 30_000 })
      .toMatch(/^\d+ nodes, \d+ edges/);
    expect(await page.locator('[data-testid="graph-node-button"]').count()).toBeGreaterThan(0);
    expect(Number(await page.locator('[data-testid="graph-pool-count"]').innerText())).toBeGreaterThan(0);
    await app.screenshot('bdtr-live-graph');

    // The WebAssembly PPR kernel loaded: no fallback notice.
    expect(infos.filter((m) => /PPR kernel/.test(m)).join('\n')).toBe('');
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });

  it('offers the strategies in compare lanes and the batch, and runs BDTR there too', async () => {
    const page2 = await session.chromium.openApp(session.server.url);
    try {
      const { page } = page2;
      await page.setViewportSize({ width: 1400, height: 900 });
      await page.click('[data-testid="tab-compare"]');
      await page.locator('[data-testid="compare-question"]:not([disabled])').waitFor({ timeout: 60_000 });
      await page.selectOption('[data-testid="compare-question"]', QUESTION);
      await page.locator('[data-testid="compare-strategy"]').nth(1).selectOption('bdtr');
      await page.click('[data-testid="compare-run"]');
      const results = page.locator('[data-testid="compare-lane-result"]');
      await expect.poll(() => results.count(), { timeout: 60_000 }).toBe(2);
      expect(await results.nth(1).innerText()).toContain('LLM: offline thinker (no LLM)');
      expect((await page.locator('[data-testid="compare-answer"]').nth(1).innerText()).trim()).not.toMatch(/no answer/);
      expect(await results.nth(1).locator('[data-testid="compare-passage"][data-gold="true"]').count()).toBeGreaterThan(
        0,
      );

      await page.click('[data-testid="tab-batch"]');
      await page.uncheck('[data-testid="batch-config-bm25"]');
      await page.uncheck('[data-testid="batch-config-hipporag2"]');
      await page.check('[data-testid="batch-config-bdtr/bm25"]');
      await page.check('[data-testid="batch-config-ircot/hipporag2"]');
      await page.fill('[data-testid="batch-limit"]', '3');
      await page.click('[data-testid="batch-run"]');
      await page
        .locator('[data-testid="batch-status"]')
        .filter({ hasText: '6 / 6 runs · done' })
        .waitFor({ timeout: 60_000 });
      const strategies = await page.locator('[data-testid="batch-row"] td:nth-child(2)').allInnerTexts();
      expect([...new Set(strategies)].sort()).toEqual(['bdtr/bm25', 'ircot/hipporag2']);
      expect(await page.locator('[data-testid="batch-llm"]').innerText()).toMatch(
        /^LLM: offline thinker \(no LLM\) — a heuristic stand-in/,
      );
      // Answering strategies: accuracy by type is plotted.
      expect(await page.locator('[data-testid="batch-plot"][aria-label="Accuracy by question type"]').count()).toBe(1);
      await page2.screenshot('bdtr-live-batch');
      page2.assertNoNetwork();
      page2.assertNoConsoleErrors();
    } finally {
      await page2.close();
    }
  });
});
