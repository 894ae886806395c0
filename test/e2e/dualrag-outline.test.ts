// DualRAG in the built app (headless Chromium, no network, offline thinker): a demo question runs with
// the dualrag strategy; the inspector shows the reasoning history with the steps that triggered
// retrieval beside the knowledge outline, which grows per entity as the user steps through the run,
// each fragment naming the queries and passages it came from. Screenshots: dualrag-outline-step1.png
// (after the first step) and dualrag-outline.png (the whole run).
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('DualRAG knowledge outline in the inspector', () => {
  const session = appSession('dualrag-outline');

  it('runs DualRAG on demo-01 and shows the outline growing per entity beside the reasoning history', async () => {
    const app = await session.openReady();
    const { page } = app;
    await page.selectOption('select[data-testid="question-picker"]', 'demo-01');
    await page.selectOption('[data-testid="strategy-picker"]', 'dualrag');
    await page.click('[data-testid="run-button"]');
    await page.locator('[data-testid="answer"]').waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.locator('[data-testid="run-label"]').innerText())
      .toContain('offline thinker (no LLM)');

    const view = page.locator('[data-testid="dualrag-view"]');
    await view.waitFor();
    const steps = page.locator('[data-testid="reasoning-step"]');
    const flags = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-retrieved')));
    // the offline thinker asks twice (question entity, then the bridge), then answers without retrieving
    expect(flags.length).toBeGreaterThanOrEqual(2);
    expect(flags.at(-1)).toBe('false');
    expect(flags.slice(0, -1).every((f) => f === 'true')).toBe(true);
    expect((await view.innerText()).toLowerCase()).toContain('retrieval triggered');

    const finalEntities = await page
      .locator('[data-testid="outline-entity"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-entity')));
    const finalFragments = await page.locator('[data-testid="outline-fragment"]').count();
    expect(finalEntities.length).toBeGreaterThanOrEqual(2);
    // each fragment names its queries and passages; the bridge passage (Ione Marlow, gold) is among them
    const fragmentText = await page.locator('[data-testid="outline-fragment"]').allInnerTexts();
    expect(fragmentText.every((t) => t.includes('queries:') && t.includes('passages:'))).toBe(true);
    expect(fragmentText.join('\n')).toContain('Ione Marlow');

    // Step back to the start, then forward round by round: the outline grows.
    await page.click('[data-testid="step-all"]').catch(() => undefined);
    for (let i = 0; i < 200 && !(await page.locator('[data-testid="step-prev"]').isDisabled()); i++)
      await page.click('[data-testid="round-prev"]').catch(() => page.click('[data-testid="step-prev"]'));
    const counts: number[] = [await page.locator('[data-testid="outline-entity"]').count()];
    while (!(await page.locator('[data-testid="round-next"]').isDisabled())) {
      await page.click('[data-testid="round-next"]');
      counts.push(await page.locator('[data-testid="outline-entity"]').count());
      if (counts.length === 2) await app.screenshot('dualrag-outline-step1');
    }
    await page.click('[data-testid="step-all"]');
    counts.push(await page.locator('[data-testid="outline-entity"]').count());
    expect(counts[0]).toBe(0); // step 1 starts with an empty outline
    expect(Math.max(...counts)).toBe(finalEntities.length);
    expect(new Set(counts).size).toBeGreaterThanOrEqual(3); // 0 -> 1 entity -> 2+ entities
    expect(counts).toEqual([...counts].sort((a, b) => a - b)); // never shrinks
    expect(await page.locator('[data-testid="outline-fragment"]').count()).toBe(finalFragments);
    await view.scrollIntoViewIfNeeded();
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
