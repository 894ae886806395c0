// Golden and malformed-output tests for RAPTOR's summary prompt.
import { describe, expect, it } from 'vitest';
import * as summarize from '../../src/prompts/raptor-summarize.ts';
import { llmOutputFailure as failure } from '../support/llm-output-failure.ts';

describe('raptor-summarize', () => {
  it('builds GPT3TurboSummarizationModel.summarize over utils.get_text of the cluster', () => {
    expect(summarize.build(['Lyon: Lyon is a city.\nOn the Rhone.', 'Paris: Paris is the capital.'])).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      {
        role: 'user',
        content:
          'Write a summary of the following, including as many key details as possible: Lyon: Lyon is a city. On the Rhone.\n\nParis: Paris is the capital.\n\n:',
      },
    ]);
    expect(summarize.maxTokens).toBe(100);
    expect(summarize.parse('  Lyon and Paris are French cities.\n')).toBe('Lyon and Paris are French cities.');
  });

  it.each([
    ['an empty reply', '', 'empty'],
    ['whitespace only', ' \n ', 'empty'],
    ['a JSON envelope', '{"summary": "x"}', 'plain text'],
  ])('raises LlmOutputError for %s', (_name, reply, reason) => {
    const e = failure(() => summarize.parse(reply));
    expect(e.module).toBe('raptor.summarize');
    expect(e.reason).toContain(reason);
  });
});
