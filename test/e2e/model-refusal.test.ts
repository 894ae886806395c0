// Settings, in Debian's Chromium with no network: "Download and load" of an in-browser model before
// downloads are allowed says in words why nothing loaded (the model is not in the local model path, and
// downloading is not allowed yet) and what to do, never transformers.js's own message.
import { describe, expect, it } from 'vitest';
import { appSession } from '../support/app-session.ts';

describe('a refused in-browser model download explains itself', () => {
  const session = appSession('model-refusal');

  it('names what is missing where, and the two ways to get the model', async () => {
    const app = await session.open({
      // The app server answers the missing model file with a 404, which Chromium logs.
      expectedConsoleErrors: [/^Failed to load resource: the server responded with a status of 404/],
    });
    const { page } = app;
    await page.click('[data-testid="tab-settings"]');
    await page.selectOption('[data-testid="llm-provider"]', 'in-browser');
    await page.locator('[data-testid="browser-model-choice"]').nth(2).click();
    expect(await page.locator('[data-testid="llm-allow-remote"]').isChecked()).toBe(false);
    await page.click('[data-testid="llm-download-start"]');
    const error = page.locator('[data-testid="llm-download-error"]');
    await error.waitFor({ timeout: 60_000 });
    const text = await error.innerText();
    expect(text).toMatch(
      /"onnx-community\/Qwen2\.5-0\.5B-Instruct" is not in the local model path \(\/models\/onnx-community\/Qwen2\.5-0\.5B-Instruct\/ has no config\.json\), and downloading from the Hugging Face hub is not allowed yet\./,
    );
    expect(text).toMatch(/tick "Allow downloading the model from the Hugging Face hub" and press the button again/);
    expect(text).toMatch(
      /or put the model's files \(config\.json, tokenizer\.json, tokenizer_config\.json, onnx\/model_q4\.onnx\)/,
    );
    expect(text).not.toMatch(/local_files_only|allowRemoteModels/);
    app.assertNoNetwork();
    app.assertNoConsoleErrors();
    await app.close();
    session.app = undefined;
  });
});
