// The compact triple form used between pool workers and the engine and in IndexedDB: it must give back the
// same PassageTriples, passage for passage, and name what is wrong in a damaged value.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCorpus } from '../../../src/core/ingest/index.ts';
import {
  COMPACT_TRIPLES_FORMAT,
  decodeTriples,
  encodeTriples,
  TripleFormatError,
} from '../../../src/core/triples/compact.ts';
import { extractTriplesOffline } from '../../../src/core/triples/offline-extractor.ts';

const text = readFileSync(new URL('../../../../shared/data/musique/musique_corpus.json', import.meta.url), 'utf8');
const passages = parseCorpus([{ name: 'musique_corpus.json', text }]).slice(0, 120);

describe('compact triples', () => {
  it('round-trips real offline triples exactly, sharing each distinct string once', () => {
    const set = extractTriplesOffline(passages);
    const compact = encodeTriples(set.passages);
    expect(compact.format).toBe(COMPACT_TRIPLES_FORMAT);
    expect(new Set(compact.strings).size).toBe(compact.strings.length);
    const back = decodeTriples(structuredClone(compact));
    expect(JSON.stringify(back)).toBe(JSON.stringify(set.passages));
  });

  it('keeps empty passages, empty strings and repeated triples', () => {
    const list = [
      { passageId: 'a', entities: [], triples: [] },
      {
        passageId: 'b',
        entities: ['', 'X'],
        triples: [
          { subject: 'X', predicate: 'is', object: 'X' },
          { subject: 'X', predicate: 'is', object: 'X' },
        ],
      },
    ];
    expect(decodeTriples(encodeTriples(list))).toEqual(list);
    expect(decodeTriples(encodeTriples([]))).toEqual([]);
  });

  it('names the fault in a damaged value', () => {
    const good = encodeTriples([
      { passageId: 'p', entities: ['E'], triples: [{ subject: 'E', predicate: 'r', object: 'F' }] },
    ]);
    const outside = { ...good, data: Int32Array.from(good.data, (v, i) => (i === 0 ? 99 : v)) };
    expect(() => decodeTriples(outside, 'job 3')).toThrow(/job 3: string index 99 at 0 is outside the table of 4/);
    const cut = { ...good, data: good.data.slice(0, good.data.length - 1) };
    expect(() => decodeTriples(cut)).toThrow(TripleFormatError);
    const count = { ...good, data: Int32Array.from(good.data, (v, i) => (i === 1 ? 1000 : v)) };
    expect(() => decodeTriples(count)).toThrow(/count 1000 at 1 does not fit/);
    expect(() => decodeTriples({ ...good, format: 'other' } as unknown as typeof good)).toThrow(
      /not in the compact-triples\/1 format/,
    );
  });
});
