// Expected values worked out by hand from the official SQuAD v1.1 / HotpotQA normalize_answer and
// f1_score (and cross-checked once against the Python scripts while writing this file).
import { describe, expect, it } from 'vitest';
import { accuracy, exactMatch, f1, MetricError, normalizeAnswer } from '../../../src/core/eval/metrics.ts';

describe('normalizeAnswer (official SQuAD v1.1)', () => {
  it('lower-cases, drops ASCII punctuation and the articles a/an/the, collapses whitespace', () => {
    expect(normalizeAnswer('  The  Quick, Brown FOX! ')).toBe('quick brown fox');
    expect(normalizeAnswer('An apple\u00a0pie.')).toBe('apple pie');
    expect(normalizeAnswer('the a an')).toBe('');
    expect(normalizeAnswer("don't")).toBe('dont'); // the apostrophe is removed, not split on
    expect(normalizeAnswer('U.S.A.')).toBe('usa');
  });

  it('removes articles only as whole words, with Unicode word boundaries like Python 3', () => {
    expect(normalizeAnswer('theatre anthem')).toBe('theatre anthem');
    expect(normalizeAnswer('The Año')).toBe('año'); // JS's ASCII \b would have turned "año" into "ño"
    expect(normalizeAnswer('théâtre a')).toBe('théâtre');
    // punctuation goes first, so "x_the" becomes the single word "xthe" and keeps its "the"
    expect(normalizeAnswer('x_the')).toBe('xthe');
    expect(normalizeAnswer('état-a')).toBe('étata');
  });

  it('keeps Unicode punctuation and accents, as the ASCII-only official script does', () => {
    expect(normalizeAnswer('Café—Bar')).toBe('café—bar'); // em dash kept
    expect(normalizeAnswer('“Ulysses”')).toBe('“ulysses”'); // curly quotes kept
    expect(normalizeAnswer('a—the')).toBe('—'); // the em dash is not a word character: both articles go
    expect(normalizeAnswer('Zoë')).not.toBe(normalizeAnswer('Zoe')); // no accent folding
  });

  it('treats numbers as text: only the ASCII comma disappears', () => {
    expect(normalizeAnswer('1,000')).toBe('1000');
    expect(normalizeAnswer('3.14')).toBe('314');
    expect(normalizeAnswer('1 000')).toBe('1 000');
  });

  it("splits on Python's whitespace set (\\x1c is whitespace, \\ufeff is not)", () => {
    expect(normalizeAnswer('a\x1cb')).toBe('b'); // "a" becomes a word of its own and is dropped
    expect(normalizeAnswer('the\ufeffend')).toBe('\ufeffend');
  });
});

describe('exactMatch', () => {
  it('is 1 after normalisation and takes the max over aliases', () => {
    expect(exactMatch('The Beatles.', ['Beatles'])).toBe(1);
    expect(exactMatch('1000', ['1,000'])).toBe(1);
    expect(exactMatch('one thousand', ['1,000'])).toBe(0);
    expect(exactMatch('NYC', ['New York City', 'NYC'])).toBe(1);
    expect(exactMatch('“Ulysses”', ['Ulysses'])).toBe(0);
  });

  it('scores an empty prediction 0 against a real answer and 1 against an answer that normalises to ""', () => {
    expect(exactMatch('', ['Paris'])).toBe(0);
    expect(exactMatch('', [''])).toBe(1);
    expect(exactMatch('The', [''])).toBe(1);
  });

  it('refuses an empty gold list', () => {
    expect(() => exactMatch('Paris', [])).toThrow(MetricError);
    expect(() => exactMatch('Paris', [])).toThrow(/no gold answers/);
  });
});

describe('f1 (HotpotQA evaluation script)', () => {
  it('is token F1 with multiset overlap', () => {
    // pred [cat, sat], gold [cat, sat, down]: P = 2/2, R = 2/3, F1 = 2PR/(P+R) = 0.8
    expect(f1('the cat sat', ['cat sat down'])).toBeCloseTo(0.8, 12);
    // pred [barack, obama, jr], gold [barack, hussein, obama]: P = R = 2/3
    expect(f1('Barack Obama Jr.', ['Barack Hussein Obama'])).toBeCloseTo(2 / 3, 12);
    // pred [new, york, city, new, york], gold [new, york]: common 2, P = 2/5, R = 1, F1 = 4/7
    expect(f1('new york city new york', ['New York'])).toBeCloseTo(4 / 7, 12);
  });

  it('takes the max over aliases', () => {
    // vs "Big Apple": 0; vs "New York City": P = 2/2, R = 2/3 -> 0.8
    expect(f1('New York', ['Big Apple', 'New York City'])).toBeCloseTo(0.8, 12);
  });

  it('gives 0 when yes/no/noanswer differ on either side (where SQuAD would give 0.5)', () => {
    expect(f1('yes it is', ['yes'])).toBe(0);
    expect(f1('no', ['no way'])).toBe(0);
    expect(f1('Yes.', ['yes'])).toBe(1);
  });

  it('gives 0 for an empty prediction, and for two empty strings (no common token)', () => {
    expect(f1('', ['Paris'])).toBe(0);
    expect(f1('', [''])).toBe(0);
    expect(f1('the', ['an'])).toBe(0);
  });

  it('treats "1,000" and "1000" as the same token', () => {
    expect(f1('about 1,000 people', ['1000'])).toBeCloseTo(0.5, 12); // P = 1/3, R = 1 -> 0.5
  });

  it('refuses an empty gold list', () => {
    expect(() => f1('x', [])).toThrow(MetricError);
  });
});

describe('accuracy (DualRAG Eq. 12: normalised gold is a substring of the normalised prediction)', () => {
  it('accepts a long answer that contains the gold', () => {
    expect(accuracy('The mother of the director is Małgorzata Braunek.', ['Małgorzata Braunek'])).toBe(1);
    expect(accuracy('It was in 1,000 BC', ['1000 bc'])).toBe(1);
    expect(accuracy('Paris', ['Paris, France'])).toBe(0);
  });

  it('is a character substring test, so "no" matches inside "not"', () => {
    expect(accuracy('not sure', ['no'])).toBe(1);
  });

  it('takes the max over aliases', () => {
    expect(accuracy('It is the Big Apple', ['New York City', 'Big Apple'])).toBe(1);
  });

  it('matches an alias that normalises to "" only with an empty prediction (like EM)', () => {
    expect(accuracy('anything', ['The'])).toBe(0);
    expect(accuracy('', ['The'])).toBe(1);
    expect(accuracy('', ['Paris'])).toBe(0);
  });

  it('refuses an empty gold list', () => {
    expect(() => accuracy('x', [])).toThrow(/eval\.accuracy/);
  });
});
