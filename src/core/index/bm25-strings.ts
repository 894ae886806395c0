// A list of strings packed into two transferable buffers: the UTF-8 bytes of their concatenation and
// the UTF-16 end offsets of each string in it. Decoding is one TextDecoder call plus slices rather
// than one decode call per string (150k ids, 100k+ terms).
import { Bm25SnapshotError } from './bm25-errors.ts';

export interface PackedStrings {
  /** UTF-8 of all strings concatenated. */
  bytes: ArrayBuffer;
  /** Uint32 end offset (in UTF-16 code units of the concatenation) of each string. */
  ends: ArrayBuffer;
}

export function packStrings(strings: readonly string[]): PackedStrings {
  const ends = new Uint32Array(strings.length);
  let end = 0;
  strings.forEach((s, i) => {
    end += s.length;
    ends[i] = end;
  });
  const bytes = new TextEncoder().encode(strings.join(''));
  return { bytes: bytes.buffer as ArrayBuffer, ends: ends.buffer };
}

export function unpackStrings(packed: PackedStrings, count: number, what: string): string[] {
  if (!(packed.bytes instanceof ArrayBuffer) || !(packed.ends instanceof ArrayBuffer)) {
    throw new Bm25SnapshotError(`${what}: bytes and ends must be ArrayBuffers`);
  }
  if (packed.ends.byteLength !== count * 4) {
    throw new Bm25SnapshotError(`${what}: expected ${count} offsets, found ${packed.ends.byteLength / 4}`);
  }
  const ends = new Uint32Array(packed.ends);
  // fatal: malformed UTF-8 is corruption, not something to paper over with U+FFFD.
  let joined: string;
  try {
    joined = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(packed.bytes);
  } catch (err) {
    throw new Bm25SnapshotError(`${what}: bytes are not valid UTF-8`, { cause: err });
  }
  const out = new Array<string>(count);
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = ends[i] as number;
    if (end < start || end > joined.length)
      throw new Bm25SnapshotError(`${what}: offset ${i} (${end}) out of order or past the end`);
    out[i] = joined.slice(start, end);
    start = end;
  }
  if (start !== joined.length)
    throw new Bm25SnapshotError(`${what}: ${joined.length - start} trailing characters after the last string`);
  return out;
}
