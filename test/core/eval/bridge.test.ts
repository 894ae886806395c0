// The bridge definition (src/core/eval/bridge.ts) on questions from ../shared/data checked by hand,
// plus the heuristic fallback and the "names a title" rule it rests on.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_RULES, bridgeOf, questionNamesTitle } from '../../../src/core/eval/bridge.ts';
import { loadDataset } from '../../../src/core/ingest/index.ts';
import type { Dataset } from '../../../src/core/types.ts';

const DATA = new URL('../../../../shared/data/', import.meta.url);

function load(dir: string): Dataset {
  const url = new URL(`${dir}/`, DATA);
  const files = readdirSync(url).map((name) => ({ name, text: readFileSync(new URL(name, url), 'utf8') }));
  return loadDataset(dir, files);
}

/** Titles of a question's bridge passages, as the views show them. */
function bridgeTitles(ds: Dataset, id: string): string[] {
  const q = ds.questions.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  const title = new Map(ds.corpus.passages.map((p) => [p.id, p.title]));
  return [...bridgeOf(q).ids].map((p) => title.get(p) ?? p);
}

describe('questionNamesTitle', () => {
  it("needs two thirds of the title head's content words, ignoring numbers and disambiguations", () => {
    expect(
      questionNamesTitle(
        'Which retired Argentine footballer was a main player for Valencia CF?',
        '1998–99 Valencia CF season',
      ),
    ).toBe(true);
    expect(
      questionNamesTitle(
        'Which retired Argentine footballer was a main player for Valencia CF?',
        'Claudio López (footballer)',
      ),
    ).toBe(false);
    // A shared surname is not the entity: both words of a two-word name are needed.
    expect(questionNamesTitle("What team was Anna Benson's husband on?", 'Kris Benson')).toBe(false);
    expect(
      questionNamesTitle(
        'What is the seat of the county where Van Hook Township is located?',
        'Van Hook Township, Mountrail County, North Dakota',
      ),
    ).toBe(true);
    expect(questionNamesTitle("When did Lothair Ii's mother die?", 'Lothair II')).toBe(true);
  });
});

describe('bridge passages from structured gold', () => {
  let musique: Dataset;
  let wiki: Dataset;
  let hotpot: Dataset;
  beforeAll(() => {
    musique = load('musique');
    wiki = load('2wikimultihopqa');
    hotpot = load('hotpotqa');
  });

  it('MuSiQue: the supporting paragraph of a hop that refers to #1 and is not named by the question', () => {
    // "#1 >> capital" is answered by Mountrail County Courthouse; the question names Van Hook Township only.
    expect(bridgeTitles(musique, '2hop__574419_270105')).toEqual(['Mountrail County Courthouse']);
    expect(bridgeTitles(musique, '2hop__335418_279684')).toEqual(['Kris Benson']);
    // Both hops are about the Liberal Party of Australia, which the question names: no bridge.
    expect(bridgeTitles(musique, '2hop__29367_29376')).toEqual([]);
    const q = musique.questions.find((x) => x.id === '2hop__574419_270105')!;
    expect(q.evidence?.hops.map((h) => h.answer)).toEqual(['Mountrail County', 'Stanley']);
    expect(q.evidence?.bridgeRule).toBe(BRIDGE_RULES.musique);
  });

  it('2Wiki: gold passages about an evidence object the question does not name', () => {
    expect(bridgeTitles(wiki, '83bf3b5a0bd911eba7f7acde48001122')).toEqual(['Ermengarde of Tours']); // Lothair II's mother
    expect(bridgeTitles(wiki, '2dc690ba0bdc11eba7f7acde48001122')).toEqual(['Nicki Minaj']); // performer of Changed It
    expect(bridgeTitles(wiki, '462bb642099211ebbdb0ac1f6bf848b6')).toEqual([]); // comparison of two named places
    expect(bridgeTitles(wiki, 'a1cdb240085811ebbd5bac1f6bf848b6')).toEqual(['Michael Curtiz', 'Edith Carlmar']); // the two directors
  });

  it('HotpotQA: unnamed supporting-fact titles of bridge questions, none for comparisons', () => {
    expect(bridgeTitles(hotpot, '5a7fb7985542994857a767d2')).toEqual(['Claudio López (footballer)']);
    expect(bridgeTitles(hotpot, '5ab47cd75542991751b4d78d')).toEqual(['AFC North']);
    const comparison = hotpot.questions.filter((q) => q.type === 'comparison');
    expect(comparison.length).toBeGreaterThan(0);
    expect(comparison.every((q) => q.evidence?.bridge.length === 0)).toBe(true);
    const q = hotpot.questions.find((x) => x.id === '5a7fb7985542994857a767d2')!;
    expect(q.evidence?.hops.map((h) => h.sentences)).toEqual([[0, 2], [0]]);
  });

  it('every bridge is a gold passage, in every dataset', () => {
    for (const ds of [musique, wiki, hotpot])
      for (const q of ds.questions) for (const b of q.evidence?.bridge ?? []) expect(q.gold).toContain(b);
  });
});

describe('bridgeOf without structure', () => {
  it('falls back to the labelled heuristic: gold the round-0 retrieval missed', () => {
    const b = bridgeOf({ gold: ['a', 'b'] }, ['a', 'x']);
    expect([...b.ids]).toEqual(['b']);
    expect(b.structured).toBe(false);
    expect(b.rule).toMatch(/heuristic/);
  });
});
