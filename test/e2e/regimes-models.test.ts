// Models side by side in the inspector's regimes panel: the LLM from Settings (the local
// OpenAI-compatible test server, scripted) and the offline thinker, each under the three regimes on
// demo-01 with the planner. The scripted model knows the answer without context, gets it from the gold
// passages, and is led astray by the retrieved context, so its iterative run flags parametric suppression.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';
import { appSession } from '../support/app-session.ts';
import { saveServerLlm } from '../support/settings-llm.ts';

function script(body: ChatBody) {
  const system = body.messages[0]?.content ?? '';
  const user = body.messages.at(-1)?.content ?? '';
  if (system.startsWith('You plan the retrieval'))
    return {
      content: JSON.stringify({ partial_answer: 'scripted', action: 'finalize', sufficiency: 0.9, anchors: [] }),
    };
  const docs = (user.match(/^Doc \d+: /gm) ?? []).length;
  const answer = docs > 2 ? 'Skelda' : 'Dunmere';
  return { content: JSON.stringify({ answer, citations: docs ? [1] : [] }) };
}

describe('regimes with two models side by side (headless Chromium, local OpenAI-compatible server)', () => {
  const session = appSession('regimes-models');
  let llm: OpenAiServer;
  beforeAll(async () => {
    llm = await startOpenAiServer({ models: ['tiny'], script });
  });
  afterAll(async () => {
    await llm?.close();
  });

  it('runs the three regimes with the Settings model and with the offline thinker', async () => {
    const app = (session.app = await session.chromium.openApp(session.server.url));
    const { page } = app;
    await page.setViewportSize({ width: 1400, height: 1000 });
    await saveServerLlm(page, llm.baseURL);

    await page.click('[data-testid="tab-inspector"]');
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'planner');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });

    await page.check('[data-testid="regimes-also-offline"]');
    await page.click('[data-testid="run-regimes"]');
    await expect.poll(() => page.locator('[data-testid="regime-answer"]').count(), { timeout: 120_000 }).toBe(6);
    await expect.poll(() => page.locator('[data-testid="run-regimes"]').isEnabled(), { timeout: 60_000 }).toBe(true);
    const served = page.locator('[data-testid="regime-column"][data-model="settings"]');
    const offline = page.locator('[data-testid="regime-column"][data-model="offline"]');
    expect(await served.count()).toBe(3);
    expect(await offline.count()).toBe(3);
    for (const t of await served.locator('[data-testid="regime-llm"]').allInnerTexts()) expect(t).toContain('tiny');
    for (const t of await offline.locator('[data-testid="regime-llm"]').allInnerTexts())
      expect(t).toContain('offline thinker (no LLM)');
    expect(await served.locator('[data-testid="regime-answer"]').allInnerTexts()).toEqual([
      expect.stringContaining('Dunmere'),
      expect.stringContaining('Dunmere'),
      expect.stringContaining('Skelda'),
    ]);
    const ps = page.locator('[data-model="settings"][data-regime="iterative"] [data-name="parametricSuppression"]');
    expect(await ps.getAttribute('data-flagged')).toBe('true');
    expect(await ps.innerText()).toMatch(/no context answered "Dunmere" \(right\)/);
    expect(await page.locator('[data-model="settings"][data-regime="gold-context"] h3').innerText()).toMatch(/oracle/i);
    await page.locator('[data-testid="regimes-panel"]').scrollIntoViewIfNeeded();
    await app.screenshot('regimes-two-models-demo-01');
    app.assertNoNetwork();
  });
});
