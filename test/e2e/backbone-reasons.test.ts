// Backbones that cannot run say why in the picker: with no embedding model chosen in Settings, Dense,
// Hybrid and HippoRAG 2 (dense) are disabled with the reason, and the others stay available.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('backbones that cannot run are disabled with the reason (headless Chromium)', () => {
  const session = appSession('backbone-reasons');

  it('no encoder chosen: the embedding backbones are disabled and say to choose one in Settings', async () => {
    const app = await session.openReady();
    const { page } = app;
    const option = (b: string) => page.locator(`[data-testid="backbone-picker"] option[value="${b}"]`);
    for (const b of ['dense', 'hybrid', 'hipporag2-dense']) {
      await expect.poll(() => option(b).isDisabled(), { timeout: 30_000 }).toBe(true);
      expect(await option(b).innerText()).toMatch(/needs an embedding model: choose one in Settings$/);
    }
    for (const b of ['bm25', 'hipporag2', 'raptor']) expect(await option(b).isDisabled()).toBe(false);
    expect(await page.locator('[data-testid="run-button"]').isEnabled()).toBe(true);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
  });
});
