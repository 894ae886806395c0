// Gold evidence arrives as titles or title + text; these maps, built once per question file, turn it
// into passage ids in O(1) per lookup (a linear scan per gold title would be 10k x 742 x 2).
import type { Passage } from '../types.ts';

export class PassageLookup {
  private titles?: Map<string, string[]>;
  private titleTexts?: Map<string, string>;

  constructor(private readonly passages: readonly Passage[]) {}

  /** Ids of every passage with this exact title, in corpus order. */
  byTitle(title: string): readonly string[] {
    if (!this.titles) {
      this.titles = new Map();
      for (const p of this.passages) {
        const ids = this.titles.get(p.title);
        if (ids) ids.push(p.id);
        else this.titles.set(p.title, [p.id]);
      }
    }
    return this.titles.get(title) ?? [];
  }

  /** Id of the passage with exactly this title and text (the first, should a corpus repeat one). */
  byTitleAndText(title: string, text: string): string | undefined {
    if (!this.titleTexts) {
      this.titleTexts = new Map();
      for (const p of this.passages) {
        const key = `${p.title}\u0000${p.text}`;
        if (!this.titleTexts.has(key)) this.titleTexts.set(key, p.id);
      }
    }
    return this.titleTexts.get(`${title}\u0000${text}`);
  }
}
