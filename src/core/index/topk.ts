// Partial top-k selection over candidate indices (the documents a BM25 query touched, every row of a
// vector index): a size-k binary min-heap keyed on (score, then index), O(m log k) for m candidates
// instead of sorting all N scores. "Better" means a higher score, or an equal score and a lower index
// (the Retriever contract's deterministic tie rule: corpus order), so the result never depends on the
// order candidates were touched in.
type Scores = Float64Array | Float32Array;

function better(scores: Scores, a: number, b: number): boolean {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  return sa > sb || (sa === sb && a < b);
}

/**
 * The k best of `candidates[0..count)` by `scores[doc]`, best first.
 * `candidates` holds distinct document indices; it is not modified.
 */
export function selectTopK(scores: Scores, candidates: Uint32Array, count: number, k: number): Uint32Array {
  const size = Math.min(k, count);
  const heap = new Uint32Array(size);
  if (size === 0) return heap;
  let n = 0;
  for (let i = 0; i < count; i++) {
    const d = candidates[i] as number;
    if (n < size) {
      // Sift up: the root is the worst kept document.
      let c = n++;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        const p = heap[parent] as number;
        if (!better(scores, p, d)) break;
        heap[c] = p;
        c = parent;
      }
      heap[c] = d;
    } else if (better(scores, d, heap[0] as number)) {
      siftDown(scores, heap, d, size);
    }
  }
  // k is small (tens); a sort of the kept documents is cheaper than k heap pops.
  return heap.sort((a, b) => (better(scores, a, b) ? -1 : better(scores, b, a) ? 1 : 0));
}

function siftDown(scores: Scores, heap: Uint32Array, d: number, size: number): void {
  let c = 0;
  for (;;) {
    const l = 2 * c + 1;
    if (l >= size) break;
    const r = l + 1;
    let worst = l;
    if (r < size && better(scores, heap[l] as number, heap[r] as number)) worst = r;
    const w = heap[worst] as number;
    if (!better(scores, d, w)) break;
    heap[c] = w;
    c = worst;
  }
  heap[c] = d;
}
