// A compact form of PassageTriples[] for crossing thread boundaries and for IndexedDB: one table of the
// distinct strings and one Int32Array of indices. HotpotQA's 504k offline triples are ~1.5M short strings
// as objects; structured-cloning them took ~1 s per crossing (worker -> engine, engine -> IndexedDB),
// the compact form a few tens of milliseconds. decode() checks every index and count, so a damaged or
// foreign value is a TripleFormatError naming what is wrong, never a silently wrong TripleSet.
import { errorClass } from '../errors.ts';
import type { PassageTriples } from './types.ts';

export const COMPACT_TRIPLES_FORMAT = 'compact-triples/1';

export interface CompactTriples {
  format: typeof COMPACT_TRIPLES_FORMAT;
  strings: string[];
  /** Per passage: passageId, entity count, entities..., triple count, (subject, predicate, object)... as string indices. */
  data: Int32Array<ArrayBuffer>;
}

export const TripleFormatError = errorClass('TripleFormatError', 'triples');

export function encodeTriples(passages: readonly PassageTriples[]): CompactTriples {
  const index = new Map<string, number>();
  const strings: string[] = [];
  const id = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      index.set(s, (i = strings.length));
      strings.push(s);
    }
    return i;
  };
  let size = 0;
  for (const p of passages) size += 3 + p.entities.length + 3 * p.triples.length;
  const data = new Int32Array(size);
  let k = 0;
  for (const p of passages) {
    data[k++] = id(p.passageId);
    data[k++] = p.entities.length;
    for (const e of p.entities) data[k++] = id(e);
    data[k++] = p.triples.length;
    for (const t of p.triples) {
      data[k++] = id(t.subject);
      data[k++] = id(t.predicate);
      data[k++] = id(t.object);
    }
  }
  return { format: COMPACT_TRIPLES_FORMAT, strings, data };
}

export function decodeTriples(c: CompactTriples, where = 'triples'): PassageTriples[] {
  const { strings, data } = c;
  if (c.format !== COMPACT_TRIPLES_FORMAT || !Array.isArray(strings) || !(data instanceof Int32Array))
    throw new TripleFormatError(`${where}: not in the ${COMPACT_TRIPLES_FORMAT} format`);
  const n = strings.length;
  let k = 0;
  const next = () => {
    if (k >= data.length) throw new TripleFormatError(`${where}: the data ends inside a passage (at ${k})`);
    return data[k++]!;
  };
  const str = () => {
    const i = next();
    if (i < 0 || i >= n || typeof strings[i] !== 'string')
      throw new TripleFormatError(`${where}: string index ${i} at ${k - 1} is outside the table of ${n}`);
    return strings[i]!;
  };
  const count = () => {
    const m = next();
    if (m < 0 || m > data.length - k)
      throw new TripleFormatError(`${where}: count ${m} at ${k - 1} does not fit the data`);
    return m;
  };
  const out: PassageTriples[] = [];
  while (k < data.length) {
    const passageId = str();
    const entities: string[] = new Array(count());
    for (let e = 0; e < entities.length; e++) entities[e] = str();
    const triples = new Array(count());
    for (let t = 0; t < triples.length; t++) triples[t] = { subject: str(), predicate: str(), object: str() };
    out.push({ passageId, entities, triples });
  }
  return out;
}
