// The "bm25" backbone: Okapi BM25 over each passage's title and text (the title is part of what a
// multi-hop question names, e.g. "When did Lothair II's mother die?" -> passage "Lothair II").
import { throwIfAborted } from '../errors.ts';
import { Bm25Index, type Bm25Params } from '../index/bm25.ts';
import type { Passage, Ranked, Retriever } from '../types.ts';

export type Bm25Retriever = Retriever & { readonly index: Bm25Index };

/** The text a passage is indexed under: title, a line break, then the text. */
export function bm25DocumentText(p: Passage): string {
  return `${p.title}\n${p.text}`;
}

export function createBm25Retriever(
  passages: readonly Passage[],
  options: Partial<Bm25Params> & { signal?: AbortSignal } = {},
): Bm25Retriever {
  const docs = passages.map((p) => ({ id: p.id, text: bm25DocumentText(p) }));
  return bm25RetrieverFromIndex(Bm25Index.build(docs, options));
}

/** Wraps an index built elsewhere, e.g. loaded with Bm25Index.fromSnapshot in a worker. */
export function bm25RetrieverFromIndex(index: Bm25Index): Bm25Retriever {
  return {
    name: 'bm25',
    scores: 'per-query', // BM25 grows with the query's terms
    index,
    async retrieve(query: string, k: number, signal?: AbortSignal): Promise<Ranked[]> {
      // The search itself is synchronous and sub-millisecond, so checking before it is enough.
      throwIfAborted(signal, 'retrievers.bm25');
      return index.search(query, k);
    },
  };
}
