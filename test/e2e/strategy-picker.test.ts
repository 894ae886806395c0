// The Strategy picker lists the registry, and the text under it is each strategy's own explanation
// (its descriptor's), ablations included: no strategy falls back to another's text.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';
import { DESCRIPTORS } from '../../src/core/strategies/index.ts';

describe('the strategy picker and its help (headless Chromium)', () => {
  const session = appSession('strategy-picker');

  it('offers every registered strategy, and shows each one its own title and explanation', async () => {
    const app = await session.openReady();
    const { page } = app;
    const picker = page.locator('[data-testid="strategy-picker"]');
    const values = await picker.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values).toEqual(DESCRIPTORS.map((d) => d.name));
    const helps = new Set<string>();
    for (const d of DESCRIPTORS) {
      await picker.selectOption(d.name);
      const help = page.locator('[data-testid="strategy-help"]');
      await expect.poll(() => help.innerText(), { timeout: 30_000 }).toBe(`${d.title}: ${d.explanation}`);
      helps.add(await help.innerText());
    }
    expect(helps.size).toBe(DESCRIPTORS.length);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
});
