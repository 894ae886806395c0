// FNV-1a (32-bit) over an artifact's meta JSON and its buffers (names, byte lengths and bytes), so a
// corrupted or truncated stored graph, BM25 snapshot or vector set is detected before it is used.
// Not cryptographic: it guards against damage, not against an attacker editing the database.

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

function mix(h: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), PRIME);
  return h;
}

export function fnv1a(bytes: Uint8Array, seed = OFFSET): number {
  return mix(seed, bytes) >>> 0;
}

/** A hash as stored: "fnv1a32:<8 hex>". */
export const fnvLabel = (h: number): string => `fnv1a32:${(h >>> 0).toString(16).padStart(8, '0')}`;

/** Checksum of a stored artifact: "fnv1a32:<8 hex>". Buffers are visited in name order. */
export function artifactChecksum(meta: unknown, buffers: Readonly<Record<string, ArrayBuffer>>): string {
  const enc = new TextEncoder();
  let h = mix(OFFSET, enc.encode(JSON.stringify(meta ?? null)));
  for (const name of Object.keys(buffers).sort()) {
    const buf = buffers[name] as ArrayBuffer;
    h = mix(h, enc.encode(name));
    h = mix(h, new Uint8Array(Float64Array.of(buf.byteLength).buffer));
    h = mix(h, new Uint8Array(buf));
  }
  return fnvLabel(h);
}
