// The offline reader finds where a phrase first begins through word-start buckets instead of scanning every
// word for every phrase (quadratic in passage length: minutes for a 5 MB passage of names). The answer must
// be exactly the scan's, so offline-thinker results do not move.
import { describe, expect, it } from 'vitest';
import { capitalisedPhrases, firstWordAt, words } from '../../../src/providers/llm/offline-thinker-text.ts';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe('firstWordAt', () => {
  it('gives the same word as ws.findIndex(startsWith) for every phrase, prefix and a few misses', () => {
    const r = rng(7);
    const syl = ['Ka', 'lo', 'Mi', 'ra', 'Ten', 'vor', 'zu', 'Bel', 'dan', 'Ba', 'nk', 'J.', '1902', 'of', 'the'];
    for (let round = 0; round < 20; round++) {
      const text = Array.from({ length: 300 }, () =>
        Array.from({ length: 1 + Math.floor(r() * 3) }, () => syl[Math.floor(r() * syl.length)]).join(''),
      ).join(r() < 0.5 ? ' ' : '. ');
      const ws = words(text);
      const at = firstWordAt(text, ws);
      const probes = [
        ...capitalisedPhrases(text),
        ...capitalisedPhrases(text).map((p) => p.split(' ')[0]!),
        ...syl,
        'K',
        'Bank of',
        'zzz',
        '',
      ];
      for (const p of probes) expect(at(p), p).toBe(ws.findIndex((w) => text.startsWith(p, w.start)));
    }
  });
});
