// The Retriever contract as a test factory (graphology's habit): every retriever module calls
// describeRetrieverContract with a builder and must pass the same suite on the same small corpus.
//
// Queries with no term the corpus knows: lexical retrievers return [] (nothing matched, nothing to
// rank). Retrievers that score every query (dense embeddings, which have no vocabulary) pass
// `{ scoresEveryQuery: true }`; they must then still return a well-formed ranking.
import { beforeAll, describe, expect, it } from 'vitest';
import { AbortedError } from '../../../src/core/errors.ts';
import type { Passage, Ranked, Retriever } from '../../../src/core/types.ts';

export const CONTRACT_CORPUS: readonly Passage[] = Object.freeze([
  {
    id: 'curie-marie',
    title: 'Marie Curie',
    text: 'Marie Curie was a physicist and chemist who discovered polonium and radium together with Pierre Curie.',
  },
  {
    id: 'curie-pierre',
    title: 'Pierre Curie',
    text: 'Pierre Curie was a French physicist, a pioneer in crystallography, magnetism and piezoelectricity.',
  },
  { id: 'paris', title: 'Paris', text: 'Paris is the capital and most populous city of France, on the river Seine.' },
  {
    id: 'eiffel',
    title: 'Eiffel Tower',
    text: 'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.',
  },
  {
    id: 'lyon',
    title: 'Lyon',
    text: 'Lyon is the third-largest city of France, at the confluence of the Rhone and the Saone.',
  },
  {
    id: 'tower-bridge-a',
    title: 'Tower Bridge',
    text: 'Tower Bridge is a combined bascule and suspension bridge over the River Thames in London.',
  },
  // Byte-identical to the passage above except for its id: every retriever must score the two equally
  // and break the tie by corpus order.
  {
    id: 'tower-bridge-b',
    title: 'Tower Bridge',
    text: 'Tower Bridge is a combined bascule and suspension bridge over the River Thames in London.',
  },
  { id: 'radium', title: 'Radium', text: 'Radium is a chemical element; it has symbol Ra and atomic number 88.' },
]);

export interface RetrieverContractOptions {
  /** True for retrievers that give every query a ranking (dense): see the header. */
  scoresEveryQuery?: boolean;
}

function expectWellFormed(ranked: Ranked[], k: number): void {
  const ids = new Set(CONTRACT_CORPUS.map((p) => p.id));
  expect(ranked.length).toBeLessThanOrEqual(k);
  expect(new Set(ranked.map((r) => r.id)).size).toBe(ranked.length);
  for (const r of ranked) {
    expect(ids.has(r.id), `unknown id ${r.id}`).toBe(true);
    expect(Number.isFinite(r.score), `score of ${r.id}`).toBe(true);
  }
  for (let i = 1; i < ranked.length; i++)
    expect((ranked[i - 1] as Ranked).score).toBeGreaterThanOrEqual((ranked[i] as Ranked).score);
}

export function describeRetrieverContract(
  name: string,
  make: (passages: Passage[]) => Promise<Retriever>,
  options: RetrieverContractOptions = {},
): void {
  describe(`Retriever contract: ${name}`, () => {
    let retriever: Retriever;
    beforeAll(async () => {
      retriever = await make(CONTRACT_CORPUS.map((p) => ({ ...p })));
    });

    it('returns at most k results, best first, corpus ids without duplicates', async () => {
      const top = await retriever.retrieve('Paris France city', 3);
      expect(top).toHaveLength(3);
      expectWellFormed(top, 3);
      const all = await retriever.retrieve('Curie physicist Paris France bridge radium', 100);
      expect(all.length).toBeGreaterThan(3);
      expectWellFormed(all, 100);
    });

    it('ranks the one passage that names the subject first', async () => {
      // Only Marie Curie's passage mentions polonium, and the question is about polonium.
      const top = await retriever.retrieve('Who discovered polonium?', 3);
      expect(top[0]?.id).toBe('curie-marie');
    });

    it('is deterministic across calls', async () => {
      const a = await retriever.retrieve('French physicist Curie', 5);
      const b = await retriever.retrieve('French physicist Curie', 5);
      expect(b).toEqual(a);
    });

    it('breaks ties by corpus order', async () => {
      // The two Tower Bridge passages are identical, so any scorer ties them; "a" comes first in the
      // corpus. (Their scores need not be equal: rank fusion turns a tie into ranks 1 and 2.)
      const top = await retriever.retrieve('bascule bridge over the Thames', 2);
      expect(top.map((r) => r.id)).toEqual(['tower-bridge-a', 'tower-bridge-b']);
    });

    it('returns [] for k = 0 and for negative k', async () => {
      expect(await retriever.retrieve('Paris', 0)).toEqual([]);
      expect(await retriever.retrieve('Paris', -3)).toEqual([]);
    });

    it(
      options.scoresEveryQuery
        ? 'still ranks well-formed results for a query of unknown words'
        : 'returns [] for a query with no known term',
      async () => {
        const top = await retriever.retrieve('xylqvorp zzyzzx', 4);
        if (options.scoresEveryQuery) expectWellFormed(top, 4);
        else expect(top).toEqual([]);
      },
    );

    it('rejects with AbortedError when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(retriever.retrieve('Paris', 3, controller.signal)).rejects.toBeInstanceOf(AbortedError);
    });
  });
}
