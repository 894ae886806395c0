// Artifact verification shared by every ArtifactStore, and the "load verified or rebuild with a
// message" path the index pipeline uses (loadDecodedOrRebuild), so a damaged stored graph is rebuilt, never
// used; so is one that verifies but cannot be used (metadata that does not fit this corpus, another
// tokenizer or build options).
import { artifactChecksum } from './checksum.ts';
import type {
  ArtifactBody,
  ArtifactExpectation,
  ArtifactInput,
  ArtifactLoad,
  ArtifactRef,
  ArtifactStore,
  StoredArtifact,
} from './ports.ts';

export function sealArtifact(input: ArtifactInput, now: () => string = () => new Date().toISOString()): StoredArtifact {
  return { ...input, checksum: artifactChecksum(input.meta, input.buffers), createdAt: now() };
}

const describe = (r: ArtifactRef) => `${r.kind} "${r.key}" of corpus "${r.corpusId}"`;

export function verifyArtifact(stored: StoredArtifact, expect: ArtifactExpectation): ArtifactLoad {
  if (stored.format !== expect.format)
    return {
      status: 'stale',
      reason: `${describe(stored)} has format "${stored.format}", expected "${expect.format}"`,
    };
  if (stored.formatVersion !== expect.formatVersion) {
    return {
      status: 'stale',
      reason: `${describe(stored)} is format version ${stored.formatVersion}, this build reads ${expect.formatVersion}`,
    };
  }
  const actual = artifactChecksum(stored.meta, stored.buffers);
  if (actual !== stored.checksum) {
    return {
      status: 'corrupt',
      reason: `${describe(stored)} failed its checksum (stored ${stored.checksum}, computed ${actual}): damaged or truncated`,
    };
  }
  return { status: 'ok', artifact: stored };
}

export interface DecodedOrRebuilt<T> {
  value: T;
  /** True when the stored copy was used (no rebuild). */
  fromStore: boolean;
  /** Why it was rebuilt, for the user; undefined when used from the store or built the first time. */
  message?: string;
}

/**
 * The stored artifact, verified and decoded, or else rebuilt and stored. `build` returns the value and its
 * artifact, so a rebuilt value is used as built (never decoded back). When the stored artifact verifies
 * but `decode` throws, it is rebuilt and replaced, with a message naming the error.
 */
export async function loadDecodedOrRebuild<T>(
  store: ArtifactStore,
  ref: ArtifactRef,
  expect: ArtifactExpectation,
  decode: (artifact: StoredArtifact) => T,
  build: () => Promise<{ value: T; artifact: ArtifactBody }>,
  onMessage?: (message: string) => void,
): Promise<DecodedOrRebuilt<T>> {
  const loaded = await store.getArtifact(ref, expect);
  let message =
    loaded.status === 'stale' || loaded.status === 'corrupt' ? `${loaded.reason}; rebuilding it` : undefined;
  if (loaded.status === 'ok') {
    try {
      return { value: decode(loaded.artifact), fromStore: true };
    } catch (err) {
      message = `${describe(ref)} could not be used (${err instanceof Error ? err.message : String(err)}); rebuilding it`;
    }
  }
  if (message) onMessage?.(message);
  const { value, artifact } = await build();
  await store.putArtifact({ ...artifact, ...ref });
  return { value, fromStore: false, ...(message ? { message } : {}) };
}
