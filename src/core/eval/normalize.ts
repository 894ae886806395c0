// Answer normalisation exactly as the official SQuAD v1.1 / HotpotQA scripts' normalize_answer:
// lower-case, drop string.punctuation, replace the words a/an/the by a space, collapse whitespace.
// Python semantics reproduced where JS differs:
//  - Punctuation is Python's string.punctuation, ASCII only. Unicode punctuation (em dash "—",
//    curly quotes "‘’“”", "«»", "…") is KEPT, as in the official script, so "“Ulysses”" does not
//    equal "Ulysses". Accented letters are kept as they are (no accent folding).
//  - `\b` in Python 3 str patterns is Unicode-aware (word = letter, digit or "_"); JS's `\b` is
//    ASCII-only and would strip the "a" of "año". Lookarounds over \p{L}\p{N}_ restore Python's.
//  - str.split() splits on Python's whitespace set, which adds \x1c-\x1f and \x85 to JS's \s and
//    lacks \ufeff; the class below is Python's str.isspace() set.

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;
// eslint-disable-next-line no-control-regex -- \x1c-\x1f are whitespace to Python's str.split()
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

export function normalizeAnswer(s: string): string {
  const noArticles = s.toLowerCase().replace(PUNCTUATION, '').replace(ARTICLES, ' ');
  return answerTokens(noArticles).join(' ');
}

/** Python's str.split() with no argument: split on whitespace runs, drop empty pieces. */
export function answerTokens(s: string): string[] {
  return s.split(PY_WHITESPACE).filter((t) => t !== '');
}
