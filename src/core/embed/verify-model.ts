// Verifies a user-supplied model file against the Git LFS pointer that records the real file's
// sha256 and size (e.g. ../shared/models/all-MiniLM-L6-v2/lfs_pointers/*.lfs-pointer.txt), so a
// truncated download or a different model is refused with a message instead of silently used.
// Uses Web Crypto (crypto.subtle), available in browsers, workers and Node 20.
import { EmbedError } from './port.ts';

export interface LfsPointer {
  sha256: string;
  size: number;
}

/** Parses "version https://git-lfs.github.com/spec/v1\noid sha256:<hex>\nsize <n>". */
export function parseLfsPointer(text: string, source = 'LFS pointer'): LfsPointer {
  const oid = /^oid sha256:([0-9a-f]{64})$/m.exec(text);
  const size = /^size (\d+)$/m.exec(text);
  if (!text.startsWith('version https://git-lfs.github.com/spec/') || !oid || !size) {
    throw new EmbedError(
      `${source}: not a Git LFS pointer (expected "version", "oid sha256:<64 hex>" and "size <bytes>" lines)`,
    );
  }
  return { sha256: oid[1] as string, size: Number(size[1]) };
}

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export class ModelVerificationError extends EmbedError {
  override readonly name: string = 'ModelVerificationError';
}

/** Throws ModelVerificationError naming the file, the expected and the actual size or hash. */
export async function verifyModelFile(name: string, bytes: Uint8Array, expected: LfsPointer): Promise<void> {
  if (bytes.byteLength !== expected.size) {
    throw new ModelVerificationError(
      `${name}: ${bytes.byteLength} bytes, expected ${expected.size} (truncated or a different file)`,
    );
  }
  const actual = await sha256Hex(bytes);
  if (actual !== expected.sha256)
    throw new ModelVerificationError(`${name}: sha256 ${actual} does not match the expected ${expected.sha256}`);
}
