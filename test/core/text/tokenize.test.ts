import { describe, expect, it } from 'vitest';
import { sStem, tokenize } from '../../../src/core/text/tokenize.ts';

describe('tokenize', () => {
  it('lower-cases, splits on non letters/digits and drops stop words', () => {
    expect(tokenize("When did Lothair II's mother die?")).toEqual(['lothair', 'ii', 'mother', 'die']);
    expect(tokenize('The 1990-91 season (UEFA)')).toEqual(['1990', '91', 'season', 'uefa']);
  });

  it('folds diacritics and compatibility forms (NFKD, marks stripped)', () => {
    expect(tokenize('Gödel, Zürich, São Paulo')).toEqual(['godel', 'zurich', 'sao', 'paulo']);
    expect(tokenize('ﬁnal x²')).toEqual(['final', 'x2']);
    // Upper-case dotted I lower-cases to "i" + a combining dot, which is stripped.
    expect(tokenize('İstanbul')).toEqual(['istanbul']);
  });

  it('keeps non-Latin letters and digits as terms', () => {
    expect(tokenize('Партия социалистов 東京 ٣')).toEqual(['партия', 'социалистов', '東京', '٣']);
  });

  it('keeps content words that NLTK lists as contraction fragments', () => {
    expect(tokenize("Don Quixote won. Don't")).toEqual(['don', 'quixote', 'won', 'don']);
  });

  it('stems plurals the same way in documents and queries', () => {
    expect(tokenize('Countries, films, states, class, status')).toEqual([
      'country',
      'film',
      'state',
      'class',
      'status',
    ]);
  });

  it('yields no terms for punctuation or stop words only', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' -- !? ')).toEqual([]);
    expect(tokenize('Who is it that was there?')).toEqual([]);
  });
});

describe("Harman's S stemmer", () => {
  it('applies the first matching rule of Harman (1991) Table 1', () => {
    expect(sStem('countries')).toBe('country'); // -ies -> -y
    expect(sStem('zombies')).toBe('zomby'); // -ies -> -y even when it reads oddly: same on both sides
    expect(sStem('aies')).toBe('aies'); // too short
    expect(sStem('species')).toBe('specy');
    expect(sStem('heroes')).toBe('heroes'); // -oes kept
    expect(sStem('horses')).toBe('horse'); // -es -> -e
    expect(sStem('bonus')).toBe('bonus'); // -us kept
    expect(sStem('glass')).toBe('glass'); // -ss kept
    expect(sStem('films')).toBe('film');
    expect(sStem('bus')).toBe('bus'); // 3 letters
  });
});
