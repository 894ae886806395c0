// What if, kept: on a BDTR demo-01 run, insert a passage the run never saw ("Tobias Venn"), export the
// run (the inserted passage travels with its branch), reload (the branch is still there, from
// IndexedDB), open the exported file in a fresh context (branch and inserted passage there), and step
// through the branch like a run. A BDTR run on demo-02 names the evidence it lost and the round.
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/app/trace/run-file.ts';
import { appSession } from '../support/app-session.ts';

const branchDone = '[data-testid="whatif-branch"][data-status="done"]';

describe('what if, kept (headless Chromium)', () => {
  const session = appSession('what-if-keep');

  it('inserts a passage, exports, keeps the branch across a reload and reopens the file with it', async () => {
    const out = mkdtempSync(join(tmpdir(), 'hopscope-whatif-keep-'));
    const app = await session.openReady();
    const { page } = app;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 90_000 });
    await page.locator('[data-testid="whatif"]').waitFor({ timeout: 30_000 });
    await page.fill('[data-testid="whatif-search"]', 'Tobias Venn');
    await page.click('[data-testid="whatif-search-go"]');
    const row = page.locator('.whatif-rows li', { hasText: 'Tobias Venn' }).first();
    await row.locator('[data-testid="whatif-insert"]').click();
    await page.locator(branchDone).waitFor({ timeout: 90_000 });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-run"]')]);
    const path = join(out, download.suggestedFilename());
    await download.saveAs(path);
    expect(await page.locator('[data-testid="export-run-error"]').count()).toBe(0);
    const file = runFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(file.branches).toHaveLength(1);
    const inserted = file.branches![0]!.branch!.intervention;
    if (inserted.kind !== 'pool' || !inserted.insert) throw new Error('not an insertion');
    const venn = inserted.insert.ids[0]!;
    expect(file.passages.find((p) => p.id === venn)?.title).toBe('Tobias Venn');

    // a reload keeps the run and its branch (IndexedDB): reload once both records are written
    const saved = (key: string) =>
      page.evaluate(
        (k) =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('hopscope');
            open.onsuccess = () => {
              const get = open.result.transaction('settings').objectStore('settings').get(k);
              get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value ?? null);
              get.onerror = () => resolve(null);
            };
            open.onerror = () => resolve(null);
          }),
        key,
      );
    await expect
      .poll(async () => ((await saved('workspace.v1.branches')) as { branches?: unknown[] } | null)?.branches?.length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect.poll(async () => (await saved('workspace.v1.run')) !== null, { timeout: 30_000 }).toBe(true);
    await page.reload();
    await page
      .locator('[data-testid="corpus-status"]')
      .filter({ hasText: /\bready\b/i })
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator(branchDone).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator(branchDone).innerText()).toMatch(/Tobias Venn/);
    app.assertNoConsoleErrors();
    await app.close();

    // a fresh context: the file brings the branch and the passage it inserted
    const again = await session.openReady();
    const r = again.page;
    await r.setInputFiles('[data-testid="trace-file"]', path);
    await expect.poll(() => r.locator(branchDone).count(), { timeout: 30_000 }).toBe(1);
    expect(await r.locator('[data-testid="trace-file-refused"]').count()).toBe(0);
    await r.locator(branchDone).click();
    await r.locator('[data-testid="whatif-compare"]').waitFor({ timeout: 30_000 });
    expect(await r.locator('[data-testid="whatif-compare"]').innerText()).toContain('Tobias Venn');
    // step through the branch like a run, and back
    await r.click('[data-testid="whatif-step-branch"]');
    await r.locator('[data-testid="whatif-back-to-original"]').waitFor({ timeout: 30_000 });
    await r.click('[data-testid="whatif-back-to-original"]');
    await expect.poll(() => r.locator(branchDone).count(), { timeout: 30_000 }).toBe(1);
    again.assertNoNetwork();
    again.assertNoConsoleErrors();
  }, 300_000);

  it('a BDTR run on demo-02 names the evidence it lost and the round that dropped it', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('[data-testid="question-picker"]', 'demo-02');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 90_000 });
    const panel = page.locator('[data-testid="diagnostics-panel"]');
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.locator('h2').innerText()).toMatch(/Why it failed/);
    const lost = panel.locator('[data-testid="diagnostic"][data-name="evidenceLost"]');
    expect(await lost.getAttribute('data-flagged')).toBe('true');
    const evidence = await lost.locator('[data-testid="diagnostic-evidence"]').first().innerText();
    expect(evidence).toMatch(/round 2/);
    expect(evidence).toMatch(
      /hop 2 .* the verifier of round 2 did not select it and the μ\+σ cut .* dropped it \(verifier\)/,
    );
    // one click pins the lost passage where it was dropped and reruns from there (an oracle branch)
    await page.locator('[data-testid="whatif-pin-lost"]').first().click();
    await page.locator(branchDone).waitFor({ timeout: 90_000 });
    expect(await page.locator(branchDone).innerText()).toMatch(
      /^pin lost evidence ".+" to the top after round 2 \(oracle\)/,
    );
    const compare = page.locator('[data-testid="whatif-compare"]');
    await compare.waitFor({ timeout: 30_000 });
    expect(await compare.locator('h3').innerText()).toMatch(/oracle: reads the gold/);
    app.assertNoConsoleErrors();
  }, 180_000);
});
