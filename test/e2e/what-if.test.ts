// What if, in Chromium: on a BDTR demo run (offline thinker), drop round 1's top passage and rerun;
// the branch shows beside the original with its first differing step and its changed rank lines
// marked; the run file carries the branch, and reopening it in an empty context shows both again.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runFileSchema } from '../../src/app/trace/run-file.ts';
import { appSession } from '../support/app-session.ts';

const branchDone = '[data-testid="whatif-branch"][data-status="done"]';

describe('what if: a branch beside its original (headless Chromium)', () => {
  const session = appSession('what-if');

  it('drops round 1 top passage, shows the branch beside the original, exports and reopens both', async () => {
    const out = mkdtempSync(join(tmpdir(), 'hopscope-whatif-'));
    const app = await session.openReady();
    const { page } = app;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'bdtr');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 90_000 });

    const panel = page.locator('[data-testid="whatif"]');
    await panel.waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="whatif-round"]').inputValue()).toBe('1');
    const top = page.locator('[data-testid="whatif-pool-row"]').first();
    const dropped = await top.getAttribute('data-id');
    expect(dropped).toMatch(/^p\d+$/);
    await top.locator('[data-testid="whatif-drop"]').click();
    await page.locator(branchDone).waitFor({ timeout: 90_000 });

    const compare = page.locator('[data-testid="whatif-compare"]');
    await compare.waitFor({ timeout: 30_000 });
    expect(await compare.locator('[data-testid="whatif-first-difference"]').innerText()).toMatch(
      /^First difference at step \d+: \w+ in round 1\./,
    );
    expect(await compare.locator('[data-testid="whatif-original"] [data-testid="rank-chart"]').count()).toBe(1);
    expect(await compare.locator('[data-testid="whatif-branch-side"] [data-testid="rank-chart"]').count()).toBe(1);
    expect(await compare.locator('[data-testid="whatif-branch-side"] [data-marked="true"]').count()).toBeGreaterThan(0);
    expect(
      await compare
        .locator(`[data-testid="whatif-branch-side"] [data-testid="bump-line"][data-id="${dropped}"]`)
        .count(),
    ).toBeLessThanOrEqual(1);
    expect(await compare.locator('[data-testid="whatif-answer"]').count()).toBe(2);
    const shot = join(out, 'what-if.png');
    await compare.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(1000);

    // The oracle action reads the gold and says so in the list and beside the branch.
    await page.click('[data-testid="whatif-gold-bridge"]');
    await expect.poll(() => page.locator(branchDone).count(), { timeout: 90_000 }).toBe(2);
    expect(await page.locator(branchDone).nth(1).innerText()).toMatch(/^gold-bridge@1 \(oracle\)/);
    expect(await compare.locator('h3').innerText()).toMatch(/oracle: reads the gold/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export-run"]')]);
    const path = join(out, download.suggestedFilename());
    await download.saveAs(path);
    const file = runFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(file.branches).toHaveLength(2);
    expect(file.branches![1]!.branch).toMatchObject({ oracle: true, label: 'gold-bridge@1' });
    const branch = file.branches![0]!;
    expect(branch.branch).toMatchObject({
      parentId: file.trace.id,
      intervention: { kind: 'pool', round: 1, drop: [dropped] },
    });
    app.assertNoConsoleErrors();
    await app.close();

    const again = await session.openReady();
    const r = again.page;
    await r.setInputFiles('[data-testid="trace-file"]', path);
    await expect.poll(() => r.locator(branchDone).count(), { timeout: 30_000 }).toBe(2);
    await r.locator(branchDone).first().click();
    await r.locator('[data-testid="whatif-compare"]').waitFor({ timeout: 30_000 });
    expect(await r.locator('[data-testid="whatif-first-difference"]').innerText()).toMatch(/^First difference at step/);
    again.assertNoNetwork();
    again.assertNoConsoleErrors();
  }, 300_000);
});
