// After an import, with an LLM in Settings (the local OpenAI-compatible server stands in for the model),
// the Library offers to build RAPTOR's summaries and GraphRAG's reports with it now, saying how many
// calls each takes before any is made; Build now shows its progress and ends with both built and
// stored, having made the announced number of report calls (headless Debian Chromium).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backboneCall, backboneReply } from '../support/backbone-replies.ts';
import { appSession } from '../support/app-session.ts';
import { saveServerLlm } from '../support/settings-llm.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

const demo = new URL('../../public/demo/', import.meta.url);
const files = [
  ['demo_corpus.json', 'mini_corpus.json'],
  ['demo.json', 'mini.json'],
].map(([from, name]) => ({ name: name!, mimeType: 'application/json', buffer: readFileSync(new URL(from!, demo)) }));

describe('LLM builds offered after an import (headless Chromium)', () => {
  const session = appSession('llm-builds');
  let llm: OpenAiServer;
  beforeAll(async () => {
    // A short wait per reply keeps the build on screen long enough to watch its bar move.
    llm = await startOpenAiServer({ models: ['tiny'], script: (body) => ({ ...backboneReply(body), delayMs: 20 }) });
  });
  afterAll(async () => {
    await llm?.close();
  });

  it(
    'says what the build costs before any call, and Build now completes with progress',
    { timeout: 300_000 },
    async () => {
      const app = await session.open();
      const { page } = app;
      await saveServerLlm(page, llm.baseURL);

      await page.click('[data-testid="tab-library"]');
      await expect.poll(() => page.locator('[data-testid="build-backbones"]').isChecked()).toBe(true);
      await page.setInputFiles('[data-testid="import-files"]', files);
      await page.locator('[data-testid="import-done"]').waitFor({ timeout: 120_000 });
      const offer = page.locator('[data-testid="llm-build-offer"]');
      await offer.waitFor({ timeout: 60_000 });
      expect(await offer.innerText()).toMatch(/\(openai-compatible tiny @ http:\/\/127\.0\.0\.1:\d+\/v1\)/);
      const costs = await page.locator('[data-testid="llm-build-costs"]').innerText();
      expect(costs).toMatch(
        /^RAPTOR's summaries: (about )?\d+ LLM calls \(one per cluster of the tree just built(; higher levels may differ slightly)?\) · GraphRAG's community reports: \d+ LLM calls \(one per community\)$/,
      );
      const reports = Number(/community reports: (\d+)/.exec(costs)![1]);
      expect(llm.chats()).toEqual([]); // nothing was asked of the LLM to count
      await offer.screenshot({ path: 'test-results/llm-builds-offer.png' });

      // Every state the progress line shows, as it changes.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { llmBuildStates: string[] }).llmBuildStates = seen;
        new MutationObserver(() => {
          const line = document.querySelector('[data-testid="llm-build-progress"]');
          const bar = line?.querySelector('progress');
          if (line && bar) seen.push(`${bar.value} ${line.textContent ?? ''}`);
        }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await page.click('[data-testid="llm-build-start"]');
      const outcomes = page.locator('[data-testid="llm-build-outcome"]');
      await outcomes.first().waitFor({ timeout: 240_000 });
      expect(await outcomes.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual([
        'built',
        'built',
      ]);
      const texts = await outcomes.allInnerTexts();
      expect(texts[0]).toMatch(
        /^RAPTOR's summaries: built and stored with openai-compatible tiny @ .* \(\d+ LLM calls\)$/,
      );
      expect(texts[1]).toBe(texts[1]!.replace(/\(\d+ LLM calls\)$/, `(${reports} LLM calls)`));
      expect(await page.locator('[data-testid="llm-build-kept"]').innerText()).toMatch(
        /reads them instead of building/,
      );
      const kinds = llm.chats().map((c) => backboneCall(c.body!));
      expect(kinds.filter((k) => k === 'report').length).toBe(reports);

      const states = await page.evaluate(() => (window as unknown as { llmBuildStates: string[] }).llmBuildStates);
      const midway = states.filter((s) => /^0\.\d+\s+RAPTOR's summaries: summarising level 1, \d+ \/ \d+/.test(s));
      expect(midway.length, states.join('\n')).toBeGreaterThan(0);
      expect(states.some((s) => /^0\.\d+\s+GraphRAG's community reports: writing community reports/.test(s))).toBe(
        true,
      );
      app.assertNoNetwork();
    },
  );
});
