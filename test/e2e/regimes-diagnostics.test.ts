// Paper 004 in the built app: the planner on a demo question with the offline thinker (labelled), the
// run's diagnostic flags with links that step the trace to the step that triggered them, and the three
// evidence regimes side by side (gold-context labelled an oracle). Screenshots of both.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('regimes side by side and diagnostic flags (headless Chromium, no network)', () => {
  const session = appSession('regimes-diagnostics');

  it('runs the planner, shows its diagnostics, then all three regimes side by side', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.selectOption('[data-testid="strategy-picker"]', 'planner');
    await page.selectOption('[data-testid="question-picker"]', 'demo-01');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="export-run"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('[data-testid="run-label"]').innerText()).toMatch(
      /^planner on bm25[\s\S]*offline thinker \(no LLM\)/,
    );

    // Diagnostics of the finished run: paper 004's six and this project's evidence lost, each flagged,
    // clear or n/a with a reason.
    const panel = page.locator('[data-testid="diagnostics-panel"]');
    await panel.waitFor();
    expect(
      await panel.locator('[data-testid="diagnostic"]').evaluateAll((ls) => ls.map((l) => l.getAttribute('data-name'))),
    ).toEqual([
      'coverageGap',
      'anchorCarryDrop',
      'distractorLatch',
      'compositionFailure',
      'parametricSuppression',
      'stoppingCalibration',
      'evidenceLost',
    ]);
    expect(await panel.locator('[data-name="parametricSuppression"]').innerText()).toMatch(
      /n\/a.*needs the no-context regime/,
    );
    // Names in words, what to click instead of CLI advice, "round" for the strategy's iterations.
    const panelText = await panel.innerText();
    expect(panelText).not.toMatch(/--regime|npm run|coverageGap/);
    expect(await panel.locator('[data-name="parametricSuppression"]').innerText()).toContain(
      'press "Run all three regimes" below',
    );
    expect(await panel.locator('[data-testid="evidence-step"]').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^round \d+$/)]),
    );
    expect(
      (await panel.locator('[data-testid="diagnostic-evidence"]').allInnerTexts()).some((t) => /\bsteps?\b/.test(t)),
    ).toBe(false);
    expect(await panel.locator('[data-name="coverageGap"] [data-testid="diagnostic-status"]').innerText()).toMatch(
      /flagged|clear/,
    );
    // A flag's step link moves the step-through to that step.
    const stepLinks = panel.locator('[data-testid="evidence-step"]');
    expect(await stepLinks.count()).toBeGreaterThan(0);
    await stepLinks.first().click();
    // the inspector now stands at that step (not at the end): "show everything" is enabled
    await expect.poll(() => page.locator('[data-testid="step-all"]').isEnabled()).toBe(true);
    // ... and the view moved to that step's panel: the diagnostics list is no longer where the eye is.
    await expect.poll(() => panel.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot('diagnostics-planner-demo-01');

    // Three regimes on the same question, side by side.
    await page.click('[data-testid="run-regimes"]');
    const columns = page.locator('[data-testid="regime-column"]');
    await expect.poll(() => columns.locator('[data-testid="regime-answer"]').count(), { timeout: 120_000 }).toBe(3);
    expect(await columns.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-regime')))).toEqual([
      'no-context',
      'gold-context',
      'iterative',
    ]);
    expect(await page.locator('[data-regime="gold-context"] h3').innerText()).toMatch(
      /gold-context \(oracle\)\s*oracle/i,
    );
    for (const regime of ['no-context', 'gold-context', 'iterative']) {
      const col = page.locator(`[data-regime="${regime}"]`);
      expect(await col.innerText()).toContain('offline thinker (no LLM)');
      expect(await col.locator('[data-testid="diagnostic"]').count()).toBe(7); // paper 004's six and evidence lost;
      expect(await col.innerText()).toContain('coverage gap');
      expect(await col.innerText()).not.toContain('coverageGap');
    }
    expect(await page.locator('[data-regime="no-context"]').innerText()).toContain('The reader saw 0 passages.');
    expect(await page.locator('[data-regime="gold-context"]').innerText()).toContain('The reader saw 2 passages.');
    // With the no-context run beside it, parametric suppression is decided for the iterative run when no context was right.
    const ps = page.locator('[data-regime="iterative"] [data-name="parametricSuppression"]');
    expect(await ps.getAttribute('data-applicable')).toMatch(/true|false/);
    await page.locator('[data-testid="regimes-panel"]').scrollIntoViewIfNeeded();
    await app.screenshot('regimes-side-by-side-demo-01');
  });
});
