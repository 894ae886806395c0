// The question inspector on a recorded BDTR trace (test/fixtures/traces, real BM25 retrieval over the
// demo with hand-written offline-thinker thoughts): round timeline, rank chart with the gold lines and
// the mu+sigma cut, verifier promotions, answer with scores, and the step-through captions.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../../src/core/trace/load.ts';
import { appSession } from '../support/app-session.ts';

const fixture = fileURLToPath(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url));
const trace = loadTrace(JSON.parse(readFileSync(fixture, 'utf8')));
const corpus = JSON.parse(readFileSync(new URL('../../public/demo/demo_corpus.json', import.meta.url), 'utf8')) as {
  title: string;
}[];
// loadDataset numbers the demo's passages p0, p1, ... in file order.
const titleOf = (id: string) => corpus[Number(id.slice(1))]?.title ?? id;

describe('question inspector on a recorded BDTR trace (headless Chromium)', () => {
  const session = appSession('inspector-trace');

  it('shows the rounds, the gold lines, the promotions, the answer and steps through captions', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.setInputFiles('[data-testid="trace-file"]', fixture);

    // Offline-thinker runs are labelled as such.
    await expect
      .poll(() => page.locator('[data-testid="run-label"]').innerText())
      .toContain('offline thinker (no LLM)');

    // Round timeline: round 0 plus the two BDTR rounds, each with a fast and a slow thought and their queries.
    const rounds = page.locator('[data-testid="timeline-round"]');
    expect(await rounds.count()).toBe(3);
    expect(await page.locator('[data-testid="thought"][data-kind="fast"]').count()).toBe(2);
    expect(await page.locator('[data-testid="thought"][data-kind="slow"]').count()).toBe(2);
    expect(await page.locator('[data-testid="query"]').count()).toBe(5);

    // Rank chart: both gold passages have a line; the bridge (Ione Marlow, missed by the question) is marked.
    const goldLines = await page
      .locator('[data-testid="bump-line"][data-gold="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(goldLines.sort()).toEqual([...trace.question.gold].sort());
    const bridges = await page
      .locator('[data-testid="bump-line"][data-bridge="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
    expect(bridges.map((id) => titleOf(id ?? ''))).toEqual(['Ione Marlow']);
    expect(await page.locator('[data-testid="cutoff-line"]').count()).toBe(1);
    // Hovering the bridge line shows its passage.
    await page.locator(`[data-testid="bump-line"][data-bridge="true"] .bump-diamond`).last().hover(); // bridges are drawn as diamonds
    await expect.poll(() => page.locator('[data-testid="chart-hover"]').innerText()).toContain('Ione Marlow');

    // Verifier promotions in the verifier's order, with from/to ranks from the trace.
    const promote = trace.events.find((e) => e.type === 'promote');
    if (promote?.type !== 'promote') throw new Error('fixture has no promote event');
    const rows = await page.locator('[data-testid="promotion"]').allInnerTexts();
    expect(rows.length).toBe(promote.moves.length);
    promote.moves.forEach((m, i) => expect(rows[i]).toContain(titleOf(m.id)));

    // Answer and scores; the final context is the cut.
    expect(await page.locator('[data-testid="answer"]').innerText()).toBe('Dunmere');
    const metrics = await page.locator('[data-testid="metrics"]').innerText();
    expect(metrics).toMatch(/EM\s+1\.00/);
    expect(metrics).toMatch(/Recall@5\s+100%/);
    const cut = trace.events.find((e) => e.type === 'cutoff');
    expect(await page.locator('[data-testid="ranked-passage"]').count()).toBe(
      cut?.type === 'cutoff' ? cut.kept.length : -1,
    );

    // Step-through: walk back from the end and collect the captions.
    const captions: string[] = [await page.locator('[data-testid="step-caption"]').innerText()];
    for (let i = 0; i < trace.events.length - 1; i++) {
      await page.click('[data-testid="step-prev"]');
      captions.push(await page.locator('[data-testid="step-caption"]').innerText());
    }
    expect(captions[0]).toBe('the answer: "Dunmere"');
    expect(captions).toContain('the slow thought names the bridge entity Ione Marlow');
    expect(captions.some((c) => /^the verifier moved passage Ione Marlow from rank \d+ to rank 1/.test(c))).toBe(true);
    // At the first step only round 0 is shown.
    expect(await rounds.count()).toBe(1);
    // Round jumps: from the first step, "Round ▶▶" goes to round 1's start.
    await page.click('[data-testid="round-next"]');
    expect(await page.locator('[data-testid="step-caption"]').innerText()).toBe('Round 1 begins');
    expect(await rounds.count()).toBe(2);
    // Keyboard: End shows everything again.
    await page.focus('[data-testid="step-next"]');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('End');
    expect(await rounds.count()).toBe(3);

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
