// Partial top-k selection over the documents a query touched: a size-k binary min-heap keyed on
// (score, then corpus index), O(m log k) for m candidates instead of sorting all N scores.
// "Better" means a higher score, or an equal score and a lower corpus index (the Retriever contract's
// deterministic tie rule), so the result never depends on the order candidates were touched in.

function better(scores: Float64Array, a: number, b: number): boolean {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  return sa > sb || (sa === sb && a < b);
}

/**
 * The k best of `candidates[0..count)` by `scores[doc]`, best first.
 * `candidates` holds distinct document indices; it is not modified.
 */
export function selectTopK(scores: Float64Array, candidates: Uint32Array, count: number, k: number): Uint32Array {
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

function siftDown(scores: Float64Array, heap: Uint32Array, d: number, size: number): void {
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
