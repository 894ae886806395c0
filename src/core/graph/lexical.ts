// Lexical similarity between phrases: cosine over sets of character trigrams of " phrase ". It is the
// labelled stand-in for embedding cosine when no phrase vectors exist (synonym edges, entity linking).

export function trigrams(phrase: string): string[] {
  const s = ` ${phrase} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return [...out];
}

export function trigramCosine(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  let common = 0;
  for (const g of b) if (set.has(g)) common++;
  return common / Math.sqrt(a.length * b.length);
}

/** An inverted index from trigram to phrase ids, for finding similar phrases without comparing all pairs. */
export class TrigramIndex {
  readonly grams: string[][];
  private readonly postings = new Map<string, number[]>();

  constructor(phrases: readonly string[]) {
    this.grams = phrases.map(trigrams);
    this.grams.forEach((gs, id) => {
      for (const g of gs) {
        let list = this.postings.get(g);
        if (!list) this.postings.set(g, (list = []));
        list.push(id);
      }
    });
  }

  /** Phrases with trigram cosine >= threshold to `phrase`, best first. */
  search(phrase: string, threshold: number, limit = Infinity): { id: number; score: number }[] {
    const q = trigrams(phrase);
    if (q.length === 0) return [];
    const counts = new Map<number, number>();
    for (const g of q) for (const id of this.postings.get(g) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    const out: { id: number; score: number }[] = [];
    for (const [id, common] of counts) {
      const score = common / Math.sqrt(q.length * this.grams[id]!.length);
      if (score >= threshold) out.push({ id, score });
    }
    out.sort((a, b) => b.score - a.score || a.id - b.id);
    return out.slice(0, limit);
  }

  /**
   * All pairs (a < b) with cosine >= threshold, by prefix filtering: order each phrase's trigrams from
   * rarest to most common; two sets with cosine >= t share at least ceil(t·√(|A||B|)) >= ceil(t²·|A|)
   * trigrams, so they must share one among the first |A| - ceil(t²·|A|) + 1 rarest of A (and of B).
   */
  similarPairs(threshold: number): { a: number; b: number; score: number }[] {
    const freq = (g: string) => this.postings.get(g)!.length;
    const prefixIndex = new Map<string, number[]>();
    const out: { a: number; b: number; score: number }[] = [];
    const t2 = threshold * threshold;
    this.grams.forEach((gs, id) => {
      if (gs.length === 0) return;
      const sorted = [...gs].sort((x, y) => freq(x) - freq(y) || (x < y ? -1 : x > y ? 1 : 0));
      const prefix = sorted.length - Math.ceil(t2 * sorted.length) + 1;
      const candidates = new Set<number>();
      for (let k = 0; k < prefix; k++) for (const other of prefixIndex.get(sorted[k]!) ?? []) candidates.add(other);
      for (const other of candidates) {
        const score = trigramCosine(gs, this.grams[other]!);
        if (score >= threshold) out.push({ a: other, b: id, score });
      }
      for (let k = 0; k < prefix; k++) {
        let list = prefixIndex.get(sorted[k]!);
        if (!list) prefixIndex.set(sorted[k]!, (list = []));
        list.push(id);
      }
    });
    return out;
  }
}
