import { describe, expect, it } from 'vitest';
import { ImportError } from '../../src/core/errors.ts';

describe('ImportError', () => {
  it('names file, record and field in its message', () => {
    const e = new ImportError({ file: 'corpus.json', record: 3, field: 'text' }, 'expected a string');
    expect(e.message).toBe('import: corpus.json, record 3, field "text": expected a string');
    expect(e.name).toBe('ImportError');
  });
});
