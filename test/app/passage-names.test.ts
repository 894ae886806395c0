import { describe, expect, it } from 'vitest';
import { passageName, readableId } from '../../src/app/passage-names.ts';

describe('readable passage names', () => {
  it('names a RAPTOR summary by its level and cluster', () => {
    expect(readableId('raptor:1:1195')).toBe('RAPTOR summary, level 1 #1195');
    expect(readableId('raptor:2:4')).toBe('RAPTOR summary, level 2 #4');
  });
  it('leaves other ids and real titles alone', () => {
    expect(readableId('demo-p12')).toBe('demo-p12');
    expect(readableId('raptor:x:1')).toBe('raptor:x:1');
    expect(passageName('demo-p12', 'Fog-lantern')).toBe('Fog-lantern');
    expect(passageName('raptor:1:4', undefined)).toBe('RAPTOR summary, level 1 #4');
    expect(passageName('raptor:1:4', 'raptor:1:4')).toBe('RAPTOR summary, level 1 #4');
  });
});
