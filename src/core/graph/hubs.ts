// Generic hub phrases: numbers, number words, very short words ("one", "20") and
// phrases a large share of the corpus mentions ("united states" on MuSiQue) link everything to
// everything, so the question graph leaves them out of its neighbourhood and the view hides them.
const NUMBER_WORDS = new Set(
  'one two three four five six seven eight nine ten first second third many several'.split(' '),
);

/**
 * A phrase mentioned by at least this share of the corpus's passages is a hub: its IDF log(N / mentions)
 * is below log(1 / HUB_SHARE), so it says little about any one passage. HUB_MIN_MENTIONS keeps small
 * corpora (the demo's 61 passages) untouched.
 */
export const HUB_SHARE = 0.005;
const HUB_MIN_MENTIONS = 20;

const isGenericPhrase = (label: string) =>
  /^[\d\s.,%-]+$/.test(label) || NUMBER_WORDS.has(label.toLowerCase()) || label.replace(/\W/g, '').length <= 2;

export function isHubPhrase(label: string, mentions?: number, corpusPassages?: number): boolean {
  if (isGenericPhrase(label)) return true;
  if (mentions === undefined || corpusPassages === undefined || corpusPassages <= 0) return false;
  return mentions >= HUB_MIN_MENTIONS && mentions / corpusPassages >= HUB_SHARE;
}
