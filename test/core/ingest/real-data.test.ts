// Smoke test on the real benchmark files in ../shared/data: every question of every dataset imports
// with all of its gold passages mapped. Counts measured once and pinned here.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import type { Dataset } from '../../../src/core/types.ts';

const DATA = new URL('../../../../shared/data/', import.meta.url);

function load(dir: string): Dataset {
  const url = new URL(`${dir}/`, DATA);
  const files = readdirSync(url).map((name) => ({ name, text: readFileSync(new URL(name, url), 'utf8') }));
  return loadDataset(dir, files);
}

function tally<T>(values: T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

interface Expected {
  passages: number;
  questions: number;
  goldPerQuestion: Record<string, number>;
  types: Record<string, number>;
  hops: Record<string, number>;
}

const EXPECTED: Record<string, Expected> = {
  hotpotqa: {
    passages: 10_787,
    questions: 742,
    goldPerQuestion: { 2: 742 },
    types: { bridge: 588, comparison: 154 },
    hops: { undefined: 742 },
  },
  musique: {
    passages: 8_044,
    questions: 355,
    goldPerQuestion: { 2: 296, 3: 41, 4: 18 },
    types: { '2hop': 296, '3hop1': 39, '3hop2': 2, '4hop1': 15, '4hop2': 1, '4hop3': 2 },
    hops: { 2: 296, 3: 41, 4: 18 },
  },
  '2wikimultihopqa': {
    passages: 6_119,
    questions: 722,
    goldPerQuestion: { 1: 13, 2: 537, 4: 172 },
    types: { compositional: 296, comparison: 177, bridge_comparison: 172, inference: 77 },
    hops: { undefined: 722 },
  },
  'openie/musique_train_gpt-3.5': {
    passages: 1_890,
    questions: 100,
    goldPerQuestion: { 2: 68, 3: 27, 4: 5 },
    types: { '2hop': 68, '3hop1': 24, '3hop2': 3, '4hop1': 3, '4hop3': 2 },
    hops: { 2: 68, 3: 27, 4: 5 },
  },
};

describe('real datasets import with every gold passage mapped', () => {
  for (const [dir, expected] of Object.entries(EXPECTED)) {
    it(dir, () => {
      const d = load(dir);
      const ids = new Set(d.corpus.passages.map((p) => p.id));
      expect(d.corpus.passages.length).toBe(expected.passages);
      expect(d.questions.length).toBe(expected.questions);
      for (const q of d.questions) {
        expect(q.gold.length, q.id).toBeGreaterThan(0);
        for (const g of q.gold) expect(ids.has(g), `${q.id} -> ${g}`).toBe(true);
        expect(q.answers.length, q.id).toBeGreaterThan(0);
      }
      expect(tally(d.questions.map((q) => q.gold.length))).toEqual(expected.goldPerQuestion);
      expect(tally(d.questions.map((q) => q.type))).toEqual(expected.types);
      expect(tally(d.questions.map((q) => q.hops))).toEqual(expected.hops);
    });
  }

  it('HotpotQA: the first question maps to its two supporting paragraphs by title', () => {
    const d = load('hotpotqa');
    const q = d.questions[0];
    expect(q?.id).toBe('5a7fb7985542994857a767d2');
    expect(q?.answers).toEqual(['Claudio Javier López']);
    const titles = q?.gold.map((g) => d.corpus.passages.find((p) => p.id === g)?.title);
    expect(titles).toEqual(['1998–99 Valencia CF season', 'Claudio López (footballer)']);
  });

  it('MuSiQue: answers are the answer then its aliases, gold follows the repeated-title text', () => {
    const d = load('musique');
    const withAliases = d.questions.filter((q) => q.answers.length > 1).length;
    expect(withAliases).toBeGreaterThan(0);
    // MuSiQue titles repeat in the corpus: some gold passage must share its title with another passage
    const byTitle = new Map<string, number>();
    for (const p of d.corpus.passages) byTitle.set(p.title, (byTitle.get(p.title) ?? 0) + 1);
    const titleOf = new Map(d.corpus.passages.map((p) => [p.id, p.title]));
    const ambiguousGold = d.questions
      .flatMap((q) => q.gold)
      .filter((g) => (byTitle.get(titleOf.get(g) ?? '') ?? 0) > 1).length;
    expect(ambiguousGold).toBeGreaterThan(0);
  });
});
