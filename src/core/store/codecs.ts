// Typed views <-> artifact buffers for the structures the stores hold (graph CSR, BM25 snapshot,
// passage vectors).
// Buffers are copied out of larger backing buffers so each artifact owns exactly its bytes.
import type { Csr } from '../graph/csr.ts';
import { BM25_SNAPSHOT_FORMAT, BM25_SNAPSHOT_VERSION, type Bm25Snapshot } from '../index/bm25-snapshot.ts';
import { VectorIndex } from '../index/vectors.ts';
import type { ArtifactInput, StoredArtifact } from './ports.ts';
import { StorageError } from './ports.ts';

export const CSR_FORMAT = { format: 'hopscope.csr', formatVersion: 1 } as const;
export const VECTORS_ARTIFACT = { format: 'hopscope.vectors', formatVersion: 1 } as const;

const own = (v: ArrayBufferView): ArrayBuffer => (v.buffer as ArrayBuffer).slice(v.byteOffset, v.byteOffset + v.byteLength);

export function csrArtifact(csr: Csr, meta: Record<string, unknown> = {}): Omit<ArtifactInput, 'corpusId' | 'kind' | 'key'> {
  return {
    ...CSR_FORMAT,
    meta: { ...meta, nodeCount: csr.nodeCount, arcs: csr.targets.length },
    buffers: { offsets: own(csr.offsets), targets: own(csr.targets), weights: own(csr.weights) },
  };
}

export function csrFromArtifact(a: StoredArtifact): Csr {
  const meta = a.meta as { nodeCount?: unknown; arcs?: unknown };
  const { offsets, targets, weights } = a.buffers;
  if (!offsets || !targets || !weights || typeof meta.nodeCount !== 'number') throw new StorageError(`graph "${a.key}" of corpus "${a.corpusId}" lacks CSR buffers`);
  const csr = { nodeCount: meta.nodeCount, offsets: new Uint32Array(offsets), targets: new Uint32Array(targets), weights: new Float32Array(weights) };
  if (csr.offsets.length !== csr.nodeCount + 1 || csr.targets.length !== csr.weights.length || csr.targets.length !== meta.arcs) {
    throw new StorageError(`graph "${a.key}" of corpus "${a.corpusId}": CSR sizes do not match its metadata`);
  }
  return csr;
}

export function vectorsArtifact(index: VectorIndex, model: string, passageCount: number): Omit<ArtifactInput, 'corpusId' | 'kind' | 'key'> {
  return { ...VECTORS_ARTIFACT, meta: { model, dim: index.dim, count: passageCount }, buffers: { data: own(index.data) } };
}

export function vectorIndexFromArtifact(a: StoredArtifact): VectorIndex {
  const meta = a.meta as { dim?: unknown; count?: unknown };
  const data = a.buffers.data;
  if (!data || typeof meta.dim !== 'number' || typeof meta.count !== 'number') throw new StorageError(`vectors "${a.key}" of corpus "${a.corpusId}" lack data or dim`);
  const index = new VectorIndex(new Float32Array(data), meta.dim);
  if (index.count !== meta.count) throw new StorageError(`vectors "${a.key}" of corpus "${a.corpusId}": ${index.count} vectors, metadata says ${meta.count}`);
  return index;
}

/** BM25 snapshots (src/core/index/bm25-snapshot.ts): numbers in meta, the eight buffers as artifact buffers. */
export function bm25Artifact(snap: Bm25Snapshot): Omit<ArtifactInput, 'corpusId' | 'kind' | 'key'> {
  const { ids, terms, postingOffsets, docIds, tfs, docLengths, ...meta } = snap;
  return {
    format: BM25_SNAPSHOT_FORMAT,
    formatVersion: BM25_SNAPSHOT_VERSION,
    meta,
    buffers: { idsBytes: ids.bytes, idsEnds: ids.ends, termsBytes: terms.bytes, termsEnds: terms.ends, postingOffsets, docIds, tfs, docLengths },
  };
}

export const BM25_ARTIFACT = { format: BM25_SNAPSHOT_FORMAT, formatVersion: BM25_SNAPSHOT_VERSION } as const;

/** The snapshot back; Bm25Index.fromSnapshot then checks tokenizer and shapes. */
export function bm25SnapshotFromArtifact(a: StoredArtifact): Bm25Snapshot {
  const b = a.buffers;
  const need = (name: string): ArrayBuffer => {
    const buf = b[name];
    if (!buf) throw new StorageError(`bm25 "${a.key}" of corpus "${a.corpusId}" lacks buffer "${name}"`);
    return buf;
  };
  return {
    ...(a.meta as Omit<Bm25Snapshot, 'ids' | 'terms' | 'postingOffsets' | 'docIds' | 'tfs' | 'docLengths'>),
    ids: { bytes: need('idsBytes'), ends: need('idsEnds') },
    terms: { bytes: need('termsBytes'), ends: need('termsEnds') },
    postingOffsets: need('postingOffsets'),
    docIds: need('docIds'),
    tfs: need('tfs'),
    docLengths: need('docLengths'),
  };
}
