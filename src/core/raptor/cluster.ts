// Soft clustering for RAPTOR's tree (Sarthi et al. 2024, §3: "soft clustering ... nodes can belong to
// multiple clusters", GMM over UMAP-reduced SBERT vectors, global then local clustering). The documented
// alternative here: spherical k-means (cosine) on unit vectors, in two stages like RAPTOR's global/local
// split (k ≈ √n coarse clusters, then each split into groups of about `targetSize`), seeded
// deterministically (farthest point first), with soft membership: a node also joins every other centroid of its coarse cluster
// whose cosine is within `softMargin` of its best one (RAPTOR keeps GMM memberships with probability > 0.1).
// Why not GMM: a full-covariance GMM with BIC model selection over 10k passages is minutes of CPU in a
// browser; k-means with the same two-stage shape is seconds and gives clusters of the size RAPTOR's do.

export interface ClusterOptions {
  /** Mean members per cluster (RAPTOR's clusters hold a handful of chunks under its 3,500-token cap). */
  targetSize: number;
  /** Soft membership: join other clusters whose cosine is at least best - softMargin. 0 = hard. */
  softMargin: number;
  /** Lloyd iterations per stage. */
  iterations: number;
}

export const CLUSTER_DEFAULTS: Readonly<ClusterOptions> = Object.freeze({
  targetSize: 6,
  softMargin: 0.02,
  iterations: 8,
});

const dot = (v: Float32Array, a: number, c: Float32Array, b: number, dim: number) => {
  let s = 0;
  for (let j = 0; j < dim; j++) s += v[a + j]! * c[b + j]!;
  return s;
};

/** Spherical k-means over the rows `ids` of v: each id's cluster and the unit centroids. */
function kmeans(v: Float32Array, dim: number, ids: readonly number[], k: number, iterations: number) {
  const c = new Float32Array(k * dim);
  // Deterministic farthest-point seeding (k-means++ without the randomness): the first member, then each
  // time the member least similar to every seed so far, so identical rows never seed two clusters.
  const closest = new Float64Array(ids.length).fill(-Infinity);
  let next = 0;
  for (let x = 0; x < k; x++) {
    c.set(v.subarray(ids[next]! * dim, ids[next]! * dim + dim), x * dim);
    let far = 0;
    let farS = Infinity;
    ids.forEach((id, i) => {
      closest[i] = Math.max(closest[i]!, dot(v, id * dim, c, x * dim, dim));
      if (closest[i]! < farS) [far, farS] = [i, closest[i]!];
    });
    next = far;
  }
  const assign = new Int32Array(ids.length);
  for (let it = 0; it < iterations; it++) {
    let moved = 0;
    ids.forEach((id, i) => {
      let best = 0;
      let bestS = -Infinity;
      for (let x = 0; x < k; x++) {
        const s = dot(v, id * dim, c, x * dim, dim);
        if (s > bestS) [best, bestS] = [x, s];
      }
      if (assign[i] !== best || it === 0) moved++;
      assign[i] = best;
    });
    if (moved === 0) break;
    c.fill(0);
    ids.forEach((id, i) => {
      const o = assign[i]! * dim;
      for (let j = 0; j < dim; j++) c[o + j]! += v[id * dim + j]!;
    });
    for (let x = 0; x < k; x++) {
      let n = 0;
      for (let j = 0; j < dim; j++) n += c[x * dim + j]! ** 2;
      n = Math.sqrt(n);
      if (n > 0) for (let j = 0; j < dim; j++) c[x * dim + j]! /= n;
    }
  }
  return { assign, centroids: c };
}

/**
 * Clusters of the rows of `v` (unit vectors, `dim` wide): each cluster lists row indices, ascending.
 * Every row is in at least one cluster; empty clusters are dropped.
 */
export function softClusters(v: Float32Array, dim: number, options: Partial<ClusterOptions> = {}): number[][] {
  const o = { ...CLUSTER_DEFAULTS, ...options };
  const n = v.length / dim;
  if (n === 0) return [];
  const all = Array.from({ length: n }, (_, i) => i);
  const coarseK = Math.max(1, Math.min(n, Math.round(Math.sqrt(n / o.targetSize))));
  const coarse = kmeans(v, dim, all, coarseK, o.iterations).assign;
  const out: number[][] = [];
  for (let g = 0; g < coarseK; g++) {
    const ids = all.filter((i) => coarse[i] === g);
    if (ids.length === 0) continue;
    const k = Math.max(1, Math.round(ids.length / o.targetSize));
    const { assign, centroids } = kmeans(v, dim, ids, k, o.iterations);
    const members: number[][] = Array.from({ length: k }, () => []);
    ids.forEach((id, i) => {
      const best = assign[i]!;
      members[best]!.push(id);
      if (o.softMargin <= 0 || k === 1) return;
      const bestS = dot(v, id * dim, centroids, best * dim, dim);
      for (let x = 0; x < k; x++)
        if (x !== best && dot(v, id * dim, centroids, x * dim, dim) >= bestS - o.softMargin) members[x]!.push(id);
    });
    for (const m of members) if (m.length > 0) out.push(m.sort((a, b) => a - b));
  }
  return out;
}
