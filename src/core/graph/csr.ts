// Compressed sparse row adjacency of an undirected weighted graph: the compute structure for PPR.
// Built straight from edge lists (never via graphology, which is far too slow and large at 1M arcs).
// Every undirected edge {a, b} is stored as two arcs a->b and b->a; parallel edges are merged by
// summing their weights, which is what PRPACK does with multi-edges (igraph adds one arc per edge).
import { GraphError } from './errors.ts';

export interface Csr {
  nodeCount: number;
  /** Row i's arcs are offsets[i] .. offsets[i+1]-1; length nodeCount + 1. */
  offsets: Uint32Array;
  /** Arc targets, sorted ascending within each row. */
  targets: Uint32Array;
  /** Arc weights, symmetric: weight(a->b) === weight(b->a). */
  weights: Float32Array;
}

/** Growable undirected edge list, the input of {@link buildCsr}. */
export class EdgeList {
  private src = new Uint32Array(1024);
  private dst = new Uint32Array(1024);
  private w = new Float32Array(1024);
  length = 0;

  add(a: number, b: number, weight: number): void {
    if (this.length === this.src.length) this.grow();
    this.src[this.length] = a;
    this.dst[this.length] = b;
    this.w[this.length] = weight;
    this.length++;
  }

  view(): { src: Uint32Array; dst: Uint32Array; w: Float32Array } {
    return {
      src: this.src.subarray(0, this.length),
      dst: this.dst.subarray(0, this.length),
      w: this.w.subarray(0, this.length),
    };
  }

  private grow(): void {
    const n = this.src.length * 2;
    const [src, dst, w] = [new Uint32Array(n), new Uint32Array(n), new Float32Array(n)];
    src.set(this.src);
    dst.set(this.dst);
    w.set(this.w);
    [this.src, this.dst, this.w] = [src, dst, w];
  }
}

/**
 * Builds a symmetric CSR from undirected edges. Self-loops are dropped (HippoRAG 2's add_new_edges
 * skips them too); parallel edges are merged by summing weights. Two stable counting sorts (by target,
 * then by source) give rows sorted by target in O(nodes + arcs).
 */
export function buildCsr(nodeCount: number, edges: { src: Uint32Array; dst: Uint32Array; w: Float32Array }): Csr {
  const { src, dst, w } = edges;
  const m = src.length;
  if (dst.length !== m || w.length !== m)
    throw new GraphError(`edge arrays differ in length (${m}, ${dst.length}, ${w.length})`);
  let arcs = 0;
  for (let e = 0; e < m; e++) {
    const a = src[e]!;
    const b = dst[e]!;
    const weight = w[e]!;
    if (a >= nodeCount || b >= nodeCount)
      throw new GraphError(`edge ${e} (${a}, ${b}) names a node outside 0..${nodeCount - 1}`);
    if (!(weight >= 0) || !Number.isFinite(weight))
      throw new GraphError(`edge ${e} (${a}, ${b}) has weight ${weight}; weights must be finite and >= 0`);
    if (a !== b) arcs += 2;
  }
  // Arc list (both directions), then counting sort by target, then stable counting sort by source.
  const arcSrc = new Uint32Array(arcs);
  const arcDst = new Uint32Array(arcs);
  const arcW = new Float32Array(arcs);
  let k = 0;
  for (let e = 0; e < m; e++) {
    const a = src[e]!;
    const b = dst[e]!;
    if (a === b) continue;
    arcSrc[k] = a;
    arcDst[k] = b;
    arcW[k++] = w[e]!;
    arcSrc[k] = b;
    arcDst[k] = a;
    arcW[k++] = w[e]!;
  }
  const byTarget = countingOrder(arcDst, nodeCount, null);
  const order = countingOrder(arcSrc, nodeCount, byTarget);
  // Merge duplicates (same source and target, adjacent after the sorts).
  const offsets = new Uint32Array(nodeCount + 1);
  const targets = new Uint32Array(arcs);
  const weights = new Float32Array(arcs);
  let out = 0;
  let prevS = -1;
  let prevT = -1;
  for (let i = 0; i < arcs; i++) {
    const p = order[i]!;
    const s = arcSrc[p]!;
    const t = arcDst[p]!;
    if (s === prevS && t === prevT) {
      weights[out - 1]! += arcW[p]!;
      continue;
    }
    targets[out] = t;
    weights[out] = arcW[p]!;
    offsets[s + 1]!++;
    out++;
    prevS = s;
    prevT = t;
  }
  for (let i = 0; i < nodeCount; i++) offsets[i + 1]! += offsets[i]!;
  return { nodeCount, offsets, targets: targets.slice(0, out), weights: weights.slice(0, out) };
}

/** Stable counting sort of arc indices by key; `within` gives the order to visit arcs (null: 0..n-1). */
export function countingOrder(keys: Uint32Array, range: number, within: Uint32Array | null): Uint32Array {
  const n = keys.length;
  const start = new Uint32Array(range + 1);
  for (let i = 0; i < n; i++) start[keys[i]! + 1]!++;
  for (let i = 0; i < range; i++) start[i + 1]! += start[i]!;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const p = within ? within[i]! : i;
    order[start[keys[p]!]!++] = p;
  }
  return order;
}
