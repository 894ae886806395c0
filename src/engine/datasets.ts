// The datasets an engine holds in memory, shared by its library, run, model and view methods.
import { HopscopeError } from '../core/errors.ts';
import type { Stores } from '../core/persist/ports.ts';
import type { HippoRag2Retriever } from '../core/retrievers/hipporag2.ts';
import type { Dataset, Passage, Retriever } from '../core/types.ts';
import type { DatasetSummary } from './engine-api.ts';
import { openStored } from './library.ts';
import type { Loaded } from './loaded.ts';

/** The engine's storage, or an error saying the library needs it. */
export function storageOf(stores: Stores | undefined): Stores {
  if (!stores) throw new HopscopeError('engine', 'no storage in this engine (the library needs IndexedDB)');
  return stores;
}

export function summaryOf(entry: Loaded, indexMs: number): DatasetSummary {
  const { dataset } = entry;
  return {
    id: dataset.corpus.id,
    name: dataset.name,
    passageCount: dataset.corpus.passages.length,
    questions: dataset.questions,
    indexMs,
  };
}

export function createDatasets(stores: Stores | undefined) {
  const loaded = new Map<string, Loaded>();

  function register(dataset: Dataset, bm25: Retriever, hippo?: HippoRag2Retriever): Loaded {
    const entry: Loaded = {
      dataset,
      byId: new Map(dataset.corpus.passages.map((p) => [p.id, p])),
      bm25,
      ...(hippo ? { hippo: Promise.resolve(hippo) } : {}),
    };
    loaded.set(dataset.corpus.id, entry);
    return entry;
  }

  return {
    register,

    /** A loaded dataset; an error naming the loaded ones otherwise. */
    get(datasetId: string): Loaded {
      const entry = loaded.get(datasetId);
      if (!entry) {
        const known = [...loaded.keys()].join(', ') || 'none';
        throw new HopscopeError(
          'engine',
          `dataset "${datasetId}" is not loaded (loaded: ${known}); load it before retrieving`,
        );
      }
      return entry;
    },

    peek: (datasetId: string) => loaded.get(datasetId),

    /** A loaded dataset, or a stored corpus opened now (the Library may act on a corpus not in use). */
    async entryOf(id: string): Promise<Loaded> {
      const existing = loaded.get(id);
      if (existing) return existing;
      const { dataset, bm25, hippo } = await openStored(storageOf(stores), id);
      return register(dataset, bm25, hippo);
    },

    remove(id: string) {
      loaded.delete(id);
    },

    passageOf(entry: Loaded, id: string): Passage {
      const p = entry.byId.get(id);
      if (!p) throw new HopscopeError('engine', `passage "${id}" is not in dataset "${entry.dataset.name}"`);
      return p;
    },
  };
}

export type Datasets = ReturnType<typeof createDatasets>;
