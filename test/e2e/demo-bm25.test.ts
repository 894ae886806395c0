// The app as a user meets it: the built bundle (dist/) in headless Debian Chromium with the network cut
// off. The built-in demo corpus gets indexed, a demo question runs with BM25, and the page's ranking must
// equal the ranking computed here in Node with the same core retriever over the same file, with the
// gold passages flagged exactly where the dataset's supporting titles fall. A typed question runs too.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createBm25Retriever } from '../../src/core/retrievers/bm25.ts';
import { appSession } from '../support/app-session.ts';

const demoDir = new URL('../../public/demo/', import.meta.url);
const corpus = JSON.parse(readFileSync(new URL('demo_corpus.json', demoDir), 'utf8')) as {
  title: string;
  text: string;
}[];
const questions = JSON.parse(readFileSync(new URL('demo.json', demoDir), 'utf8')) as {
  _id: string;
  question: string;
  supporting_titles: string[];
}[];

// Titles are unique in the demo (test/core/demo-corpus.test.ts), so they serve as ids here; ties are
// broken by corpus order, as in the page.
const bm25 = createBm25Retriever(corpus.map((p) => ({ id: p.title, ...p })));
const topTitles = async (query: string, k: number) => (await bm25.retrieve(query, k)).map((r) => r.id);

// demo-01: the fog-lantern passage is BM25's first hit; the bridge passage (Ione Marlow) shares no
// word with the question and so is not in the top 5.
const DEMO_QUESTION = 'demo-01';
const FREE_QUESTION = 'Which steam packet carried mail between Port Aldwen and Dunmere?';
const SHOWN = 5;

const sel = {
  status: '[data-testid="corpus-status"]',
  picker: 'select[data-testid="question-picker"]',
  input: '[data-testid="question-input"]',
  run: '[data-testid="run-button"]',
  items: '[data-testid="ranking"] [data-testid="ranked-passage"]',
  title: '[data-testid="passage-title"]',
};

const shownTitles = (page: Page) =>
  page
    .locator(`${sel.items} ${sel.title}`)
    .allInnerTexts()
    .then((t) => t.map((s) => s.trim()));
const goldFlags = (page: Page) =>
  page.locator(sel.items).evaluateAll((els) => els.map((e) => e.getAttribute('data-gold') === 'true'));

describe('demo corpus with BM25 in the built app (headless Chromium, no network)', () => {
  const session = appSession('demo-bm25');

  it('the harness serves dist/ cross-origin isolated, blocks outside requests and catches console errors', async () => {
    const probe = await session.chromium.openApp(session.server.url);
    try {
      const response = await probe.page.request.get(`${session.server.url}demo/demo_corpus.json`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^application\/json/);
      expect(response.headers()['cross-origin-embedder-policy']).toBe('require-corp');
      // the served app's Content-Security-Policy and nosniff (src/app/csp.ts), as vite preview sends them
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect(response.headers()['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(((await response.json()) as unknown[]).length).toBe(corpus.length);
      expect(await probe.page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
      probe.assertNoNetwork();

      // https passes the CSP (an LLM server may be any https host) and is blocked by the harness
      await probe.page.evaluate(() =>
        fetch('https://example.com/tracker.js', { mode: 'no-cors' }).catch(() => 'blocked'),
      );
      expect(probe.blockedRequests).toEqual(['https://example.com/tracker.js']);
      expect(() => probe.assertNoNetwork()).toThrow(/example\.com\/tracker\.js/);
      // plain http to another host never leaves the page: the CSP refuses it (and says so on the console)
      expect(
        await probe.page.evaluate(() =>
          fetch('http://example.com/tracker.js', { mode: 'no-cors' }).then(
            () => 'sent',
            () => 'refused',
          ),
        ),
      ).toBe('refused');
      expect(probe.blockedRequests).toEqual(['https://example.com/tracker.js']);
      expect(() => probe.assertNoConsoleErrors()).toThrow(/Content Security Policy/);

      await probe.page.evaluate(() => console.error('harness self-check'));
      expect(() => probe.assertNoConsoleErrors()).toThrow(/harness self-check/);
    } finally {
      await probe.close();
    }
  });

  it('indexes the demo, ranks a demo question like core BM25 with gold flagged, and runs a typed question', async () => {
    const question = questions.find((q) => q._id === DEMO_QUESTION);
    if (!question) throw new Error(`${DEMO_QUESTION} missing from public/demo/demo.json`);
    const expected = await topTitles(question.question, SHOWN);
    const expectedGold = expected.map((t) => question.supporting_titles.includes(t));
    // Precondition on the data, so a failure below is about the app: a gold passage is in the top 5.
    expect(expectedGold).toContain(true);

    const app = await session.open();
    const { page } = app;
    // First the status element itself (a missing UI fails in 20 s with this selector in the message),
    // then indexing of the demo corpus.
    await page.locator(sel.status).waitFor({ state: 'attached', timeout: 20_000 });
    await page
      .locator(sel.status)
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 90_000 });

    await page.selectOption(sel.picker, DEMO_QUESTION);
    await page.selectOption('[data-testid="strategy-picker"]', 'single'); // BDTR is the default; this test is about BM25 alone
    await page.click(sel.run);
    await page.locator(sel.items).first().waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await shownTitles(page)).slice(0, SHOWN), { timeout: 30_000 }).toEqual(expected);
    expect((await goldFlags(page)).slice(0, SHOWN)).toEqual(expectedGold);
    expect(await page.locator(`${sel.items}[data-gold="true"]`).count()).toBeGreaterThan(0);

    const freeExpected = await topTitles(FREE_QUESTION, SHOWN);
    expect(freeExpected[0]).toBe("Gull's Errand"); // the typed question has a clear answer passage
    await page.fill(sel.input, FREE_QUESTION);
    await page.click(sel.run);
    await expect.poll(async () => (await shownTitles(page)).slice(0, SHOWN), { timeout: 30_000 }).toEqual(freeExpected);

    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
