// Models x regimes in the browser batch (paper 004's comparison, issue 14 item 4): the planner on two demo
// questions with the LLM from Settings (the local OpenAI-compatible test server) and the offline thinker,
// each in the iterative and no-context regimes, beside BM25 retrieval (which runs once). The table has a
// row per model x regime x question, the diagnostics plot a bar group entry per model x regime, and the
// JSON export carries llm and regime.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';
import { appSession } from '../support/app-session.ts';

function script(body: ChatBody) {
  const system = body.messages[0]?.content ?? '';
  if (system.startsWith('You plan the retrieval'))
    return {
      content: JSON.stringify({ partial_answer: 'scripted', action: 'finalize', sufficiency: 0.9, anchors: [] }),
    };
  return { content: JSON.stringify({ answer: 'Dunmere', citations: [] }) };
}

const N = 2;
const VARIANTS = [
  'planner/bm25',
  'planner/bm25 · no context',
  'planner/bm25 · offline thinker (heuristic)',
  'planner/bm25 · offline thinker (heuristic) · no context',
];

describe('batch: models x regimes (headless Chromium, local OpenAI-compatible server)', () => {
  const session = appSession('batch-models-regimes');
  let llm: OpenAiServer;
  beforeAll(async () => {
    llm = await startOpenAiServer({ models: ['tiny'], script });
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('runs the planner with two LLMs in two regimes and shows them side by side', { timeout: 300_000 }, async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-settings"]');
    await page.selectOption('[data-testid="llm-provider"]', 'openai');
    await page.fill('[data-testid="llm-base-url"]', llm.baseURL);
    await page.fill('[data-testid="llm-model"]', 'tiny');
    await page.reload();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });

    await page.click('[data-testid="tab-batch"]');
    await page.uncheck('[data-testid="batch-config-hipporag2"]');
    await page.check('[data-testid="batch-config-planner/bm25"]');
    await page.check('[data-testid="batch-model-offline"]');
    await page.check('[data-testid="batch-regime-no-context"]');
    expect(await page.locator('[data-testid="batch-models"]').innerText()).toContain('tiny at http://127.0.0.1');
    await page.fill('[data-testid="batch-limit"]', String(N));
    await page.click('[data-testid="batch-run"]');
    const total = N * (1 + VARIANTS.length);
    await page
      .locator('[data-testid="batch-status"]')
      .filter({ hasText: `${total} / ${total} runs · done` })
      .waitFor({ timeout: 240_000 });

    const cells = await page.locator('[data-testid="batch-row"] td:nth-child(2)').allInnerTexts();
    for (const v of ['bm25', ...VARIANTS]) expect(cells.filter((c) => c === v)).toHaveLength(N);
    expect(await page.locator('[data-testid="batch-llm"]').innerText()).toMatch(
      /tiny.*offline thinker|offline thinker.*tiny/,
    );
    expect(llm.chats().length).toBeGreaterThan(0); // the Settings model really answered

    const diagnostics = page.locator('[data-testid="batch-plot"][aria-label="Diagnostics per strategy (paper 004)"]');
    const legend = (await diagnostics.textContent()) ?? '';
    for (const v of VARIANTS) expect(legend).toContain(v);
    await diagnostics.scrollIntoViewIfNeeded();
    await app.screenshot('batch-models-regimes-diagnostics');
    await page.locator('[data-testid="batch-models"]').scrollIntoViewIfNeeded();
    await app.screenshot('batch-models-regimes-setup');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-json"]')]);
    const rows = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      strategy: string;
      llm: string;
      regime: string;
    }[];
    const offlineNoContext = rows.filter((r) => r.strategy === VARIANTS[3]);
    expect(offlineNoContext).toHaveLength(N);
    for (const r of offlineNoContext)
      expect(r).toMatchObject({ llm: 'offline thinker (no LLM)', regime: 'no-context' });
    expect(
      rows.filter((r) => r.strategy === VARIANTS[1]).every((r) => r.regime === 'no-context' && r.llm.includes('tiny')),
    ).toBe(true);
  });
});
