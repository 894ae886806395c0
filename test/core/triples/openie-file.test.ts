import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseOpenIeFile, parseOpenIeText } from '../../../src/core/triples/openie-file.ts';
import { ImportError } from '../../../src/core/errors.ts';
import type { Corpus } from '../../../src/core/types.ts';

const shared = fileURLToPath(new URL('../../../../shared/data/openie/musique_train_gpt-3.5/', import.meta.url));

function musiqueCorpus(): Corpus {
  const raw = JSON.parse(readFileSync(shared + 'musique_train_corpus.json', 'utf8')) as {
    title: string;
    text: string;
  }[];
  return {
    id: 'musique_train',
    name: 'musique_train',
    passages: raw.map((p, i) => ({ id: `p${i}`, title: p.title, text: p.text })),
  };
}

describe('parseOpenIeText on the real musique_train OpenIE file', () => {
  it('maps all 1,890 docs to passages and rejects exactly the 185 triples that are not 3 elements long', () => {
    const corpus = musiqueCorpus();
    const file = 'openie_musique_train_results_ner_gpt-3.5-turbo-1106_1890.json';
    const set = parseOpenIeText(readFileSync(shared + file, 'utf8'), corpus, file);
    expect(set.source).toBe('openie-file');
    expect(set.passages).toHaveLength(1890);
    expect(set.rejected).toHaveLength(185);
    expect(set.warnings).toContain(`${file}: rejected 185 malformed triples (not exactly 3 strings)`);
    // the first passage's first triple, as in the file
    const first = set.passages.find((p) => p.passageId === 'p0')!;
    expect(first.triples[0]).toEqual({
      subject: 'Journal of Mathematical Physics',
      predicate: 'published by',
      object: 'American Institute of Physics',
    });
    expect(first.entities).toContain('University of Copenhagen');
  });
});

describe('parseOpenIeFile', () => {
  const corpus: Corpus = {
    id: 'c',
    name: 'c',
    passages: [
      { id: 'a', title: 'A', text: 'Alpha text.' },
      { id: 'b', title: 'B', text: 'Beta text.' },
    ],
  };

  it('str()s numeric elements, drops duplicate triples, and counts unmatched docs and passages without entries', () => {
    const set = parseOpenIeFile(
      {
        docs: [
          {
            passage: 'A\nAlpha text.',
            extracted_entities: ['Alpha'],
            extracted_triples: [
              ['Alpha', 'born in', 1960],
              ['Alpha', 'born in', '1960'],
              ['x', 'y'],
            ],
          },
          { passage: 'Z\nUnknown.', extracted_entities: [], extracted_triples: [] },
        ],
      },
      corpus,
      'f.json',
    );
    expect(set.passages).toEqual([
      { passageId: 'a', entities: ['Alpha'], triples: [{ subject: 'Alpha', predicate: 'born in', object: '1960' }] },
    ]);
    expect(set.rejected).toEqual([{ passageId: 'a', value: ['x', 'y'], reason: '2 elements, expected 3' }]);
    expect(set.warnings).toEqual([
      'f.json: rejected 1 malformed triples (not exactly 3 strings)',
      'f.json: 1 docs match no passage of the corpus and were ignored',
      'f.json: 1 corpus passages have no OpenIE entry (no triples)',
    ]);
  });

  it('throws an ImportError naming the file and record for a malformed doc, or when nothing matches', () => {
    expect(() =>
      parseOpenIeFile({ docs: [{ passage: 'A\nAlpha text.', extracted_triples: 'no' }] }, corpus, 'f.json'),
    ).toThrow(/f\.json, record 0, field "extracted_triples"/);
    expect(() => parseOpenIeFile({ docs: [{ passage: 'nothing' }] }, corpus, 'f.json')).toThrow(ImportError);
    expect(() => parseOpenIeFile([], corpus, 'f.json')).toThrow(/"docs" array/);
  });

  it('reads the bare NaN Python writes, but not inside strings', () => {
    const text =
      '{"docs": [{"passage": "A\\nAlpha text.", "extracted_entities": ["NaN"], "extracted_triples": [["NaN", "is", "Infinity"]]}], "avg": NaN}';
    const set = parseOpenIeText(text, corpus, 'f.json');
    expect(set.passages[0]!.triples).toEqual([{ subject: 'NaN', predicate: 'is', object: 'Infinity' }]);
  });
});
