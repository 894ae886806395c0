// Golden and malformed-output tests for HippoRAG 2's recognition-memory filter prompt.
import { describe, expect, it } from 'vitest';
import * as filter from '../../src/prompts/hipporag2-recognition-filter.ts';
import { llmOutputFailure as failure } from '../support/llm-output-failure.ts';

describe('hipporag2-recognition-filter', () => {
  it('builds DSPyFilter: system, the ten demos as user/assistant turns, then the question and its candidates', () => {
    const m = filter.build('When did Lothair II die?', [['lothair ii', 'died on', '8 august 869']]);
    expect(m).toHaveLength(22);
    expect(m[0]!.role).toBe('system');
    expect(m[0]!.content.startsWith('Your input fields are:\n1. `question` (str): Query for retrieval')).toBe(true);
    expect(m[0]!.content).toContain('You must select up to 4 relevant facts from the provided candidate list');
    expect(m[1]!.content).toBe(
      '[[ ## question ## ]]\nAre Imperial River (Florida) and Amaradia (Dolj) both located in the same country?\n\n[[ ## fact_before_filter ## ]]\n{"fact": [["imperial river", "is located in", "florida"], ["imperial river", "is a river in", "united states"], ["imperial river", "may refer to", "south america"], ["amaradia", "flows through", "ro ia de amaradia"], ["imperial river", "may refer to", "united states"]]}\n\nRespond with the corresponding output fields, starting with the field `[[ ## fact_after_filter ## ]]` (must be formatted as a valid Python Fact), and then ending with the marker for `[[ ## completed ## ]]`.',
    );
    expect(filter.parse(m[2]!.content)).toEqual([
      ['imperial river', 'is located in', 'florida'],
      ['imperial river', 'is a river in', 'united states'],
      ['amaradia', 'flows through', 'ro ia de amaradia'],
    ]);
    expect(m[21]).toEqual({
      role: 'user',
      content:
        '[[ ## question ## ]]\nWhen did Lothair II die?\n\n[[ ## fact_before_filter ## ]]\n{"fact": [["lothair ii", "died on", "8 august 869"]]}\n\nRespond with the corresponding output fields, starting with the field `[[ ## fact_after_filter ## ]]` (must be formatted as a valid Python Fact), and then ending with the marker for `[[ ## completed ## ]]`.',
    });
    expect(filter.version).toBe('hipporag2-dspy-filter/1');
  });

  it('reads the fact_after_filter section, a bare JSON object, and an empty list', () => {
    expect(filter.parse('[[ ## fact_after_filter ## ]]\n{"fact": [["a", "b", "c"]]}\n\n[[ ## completed ## ]]')).toEqual(
      [['a', 'b', 'c']],
    );
    expect(filter.parse('Here: ```json\n{"fact": [["x", "y", "z"]]}\n```')).toEqual([['x', 'y', 'z']]);
    expect(filter.parse('{"fact": []}')).toEqual([]);
  });

  it.each([
    ['no JSON at all', 'the first fact is relevant', 'no JSON object or array found'],
    ['the wrong key', '{"facts": [["a", "b", "c"]]}', 'fact'],
    ['a fact of two parts', '{"fact": [["a", "b"]]}', 'each fact is [subject, predicate, object]'],
    ['a cut-off reply', '[[ ## fact_after_filter ## ]]\n{"fact": [["a", "b",', 'no JSON'],
  ])('raises LlmOutputError for %s', (_name, reply, reason) => {
    const e = failure(() => filter.parse(reply));
    expect(e.module).toBe('hipporag2.recognition-filter');
    expect(e.reason).toContain(reason);
  });
});
