// The JSON error locator is iterative: deeply nested input (a 12 KB file of "[") gives an offset,
// not a stack overflow, and the offsets of ordinary errors are where the document breaks.
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from '../../../src/core/ingest/json-locate.ts';
import { parseCorpus } from '../../../src/core/ingest/index.ts';
import { ImportError } from '../../../src/core/errors.ts';

describe('jsonErrorOffset', () => {
  it.each([
    ['[1, 2]', undefined],
    ['{"a": [1, {"b": null}], "c": "x"}', undefined],
    ['[]', undefined],
    ['{}', undefined],
    [' [ [ ] , { } ] ', undefined],
    ['[1, 2', 5],
    ['[1,, 2]', 3],
    ['{"a" 1}', 5],
    ['{"a": 1,}', 8],
    ['[1] x', 4],
    ['{"a": tru}', 9],
    ['["a\\qb"]', 4],
    ['[{"a": [1, 2}]', 12],
  ])('%j -> %j', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  it('deeply nested input does not overflow the stack', () => {
    expect(jsonErrorOffset('['.repeat(12_000))).toBe(12_000);
    expect(jsonErrorOffset('{"a":'.repeat(100_000) + '1' + '}'.repeat(99_999))).toBe(600_000);
    expect(jsonErrorOffset('['.repeat(200_000) + ']'.repeat(200_000))).toBeUndefined();
  });

  it('an importer reports a 12 KB file of "[" as truncated JSON (ImportError), not an internal error', () => {
    const run = () => parseCorpus([{ name: 'corpus.json', text: '['.repeat(12_000) }]);
    expect(run).toThrow(ImportError);
    expect(run).toThrow(/truncated/);
  });
});
