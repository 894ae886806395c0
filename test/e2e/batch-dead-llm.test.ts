// Failures are never results in the browser batch: the Settings LLM points at a closed port on
// 127.0.0.1, so every planner run fails. The batch ends "finished, N failed" (not "done"), the failures
// are named beside the plots, the table has an error column, and the CSV gives them no score (blank,
// never 0) with their status and error.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

/** A port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((done) => s.listen(0, '127.0.0.1', done));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((done) => s.close(() => done()));
  return port;
}

const N = 3;

describe('batch against a dead LLM (headless Chromium)', () => {
  const session = appSession('batch-dead-llm');

  it('reads as failed, not done: failures named, error column, no score in the CSV', { timeout: 300_000 }, async () => {
    const port = await closedPort();
    const app = await session.openReady();
    const { page } = app;
    await page.click('[data-testid="tab-settings"]');
    await page.selectOption('[data-testid="llm-provider"]', 'openai');
    await page.fill('[data-testid="llm-base-url"]', `http://127.0.0.1:${port}/v1`);
    await page.fill('[data-testid="llm-model"]', 'tiny');
    await page.reload();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });

    await page.click('[data-testid="tab-batch"]');
    await page.uncheck('[data-testid="batch-config-hipporag2"]');
    await page.uncheck('[data-testid="batch-config-bm25"]');
    await page.check('[data-testid="batch-config-planner/bm25"]');
    await page.fill('[data-testid="batch-limit"]', String(N));
    await page.click('[data-testid="batch-run"]');
    const status = page.locator('[data-testid="batch-status"]');
    await status.filter({ hasText: `${N} / ${N} runs · finished, ${N} failed` }).waitFor({ timeout: 240_000 });
    expect(await status.innerText()).not.toContain('done');

    const failures = page.locator('[data-testid="batch-failures"]');
    expect(await failures.innerText()).toContain(`${N} of ${N} runs failed`);
    expect(await failures.locator('li').count()).toBe(N);
    expect(await failures.innerText()).toContain('demo-01 · planner/bm25');
    const errors = await page.locator('[data-testid="batch-error"]').allInnerTexts();
    expect(errors).toHaveLength(N);
    for (const e of errors) expect(e).toMatch(/^failed: /);
    expect(await page.locator('[data-testid="batch-no-plots"]').innerText()).toContain('No run completed');
    await failures.scrollIntoViewIfNeeded();
    await app.screenshot('batch-dead-llm');

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-csv"]')]);
    const [head, ...lines] = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    const cols = head!.split(',');
    expect(cols.slice(-2)).toEqual(['status', 'error']);
    expect(lines).toHaveLength(N);
    for (const line of lines) {
      const cells = line.split(',');
      // recall@1..20 are blank for a failed run (no score), never 0
      for (const k of [1, 2, 5, 10, 20]) expect(cells[cols.indexOf(`recall@${k}`)]).toBe('');
      expect(cells[cols.indexOf('status')]).toBe('failed');
      expect(line.split('failed,')[1]?.length).toBeGreaterThan(0);
    }
  });
});
