// The one tokenizer of every lexical index (BM25 in the page, the index worker and the Node CLI), so
// the same text yields the same terms on every host. Pure string code: no Intl segmenter, no locale.
//
// Steps, in order:
//  1. Lower-case (locale-independent String#toLowerCase). First, so marks it introduces ("İ" -> "i̇")
//     are stripped in step 3.
//  2. Unicode NFKD (compatibility decomposition: "é" -> "e" + U+0301, "ﬁ" -> "fi", "²" -> "2").
//  3. Strip combining marks (\p{M}), i.e. diacritics: "Gödel" -> "godel", "Zürich" -> "zurich".
//  4. Split on every run of characters that are neither letters (\p{L}) nor digits (\p{N}):
//     punctuation, apostrophes, hyphens and whitespace all separate tokens ("Lothair II's" ->
//     "lothair", "ii", "s"; "1990-91" -> "1990", "91"; the lone "s" goes in step 5).
//  5. Drop English stop words (./stopwords.ts).
//  6. Harman's "S" stemmer (sStem below), plural endings only: "countries" -> "country",
//     "films" -> "film". Measured with BM25 k1 = 1.2, b = 0.4 (passage Recall@5, title + text):
//     HotpotQA 0.704 -> 0.721, 2Wiki 0.680 -> 0.680, MuSiQue 0.503 -> 0.508. A full Porter stemmer
//     conflates more ("university" / "universal") and was not needed for the targets.
// Changing any step changes the terms of a stored index: bump TOKENIZER_VERSION so old snapshots are
// refused instead of silently mis-scored.
import { ENGLISH_STOP_WORDS } from './stopwords.ts';

export const TOKENIZER_VERSION = 'hopscope-en-1';

const COMBINING_MARKS = /\p{M}+/gu;
const SEPARATORS = /[^\p{L}\p{N}]+/u;
// Printable ASCII (plus tab and line breaks) needs neither NFKD nor mark stripping, so it skips them;
// anything else, control characters included, takes the full path.
const NON_ASCII = /[^\t\n\r -~]/;

/** Normalised terms of `text`, in order, stop words removed (duplicates kept: they are term frequencies). */
export function tokenize(text: string): string[] {
  const lower = text.toLowerCase();
  const folded = NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(COMBINING_MARKS, '') : lower;
  const parts = folded.split(SEPARATORS);
  const out: string[] = [];
  for (const p of parts) if (p.length > 0 && !ENGLISH_STOP_WORDS.has(p)) out.push(sStem(p));
  return out;
}

// Harman's "S" stemmer (D. Harman, "How effective is suffixing?", JASIS 42(1), 1991, Table 1):
// removes English plural endings only, so it rarely merges unrelated words. Rules, first match wins:
//   -ies -> -y  unless -eies or -aies   ("countries" -> "country")
//   -es  -> -e  unless -aes, -ees, -oes ("states" -> "state")
//   -s   -> ""  unless -us or -ss        ("films" -> "film"; "status", "class" unchanged)
// Words of 3 letters or fewer are left alone ("gas", "bus", "its") as are words not ending in "s".
export function sStem(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies')) return word.endsWith('eies') || word.endsWith('aies') ? word : `${word.slice(0, -3)}y`;
  if (word.endsWith('es'))
    return word.endsWith('aes') || word.endsWith('ees') || word.endsWith('oes') ? word : word.slice(0, -1);
  if (word.endsWith('us') || word.endsWith('ss')) return word;
  return word.slice(0, -1);
}
