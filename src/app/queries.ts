// Every async read of the page, as queryOptions factories (TanStack Query): keys in one place, and
// the engine passed in so a test can hand in its own.
import { queryOptions } from '@tanstack/react-query';
import type { EngineClient } from './engine-client.ts';
import { storedSettingsQuery } from './settings-query.ts';
import { LLM_SETTINGS_KEY, type RunRequest } from '../engine/engine-api.ts';
import { DEFAULT_LLM_SETTINGS, llmSettingsSchema } from '../core/llm/settings.ts';

export const DEMO_DATASET_ID = 'demo';
const DEMO_FILES = ['demo_corpus.json', 'demo.json'] as const;

export class FetchFileError extends Error {
  override readonly name = 'FetchFileError';
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok)
    throw new FetchFileError(`app: could not load ${url}: HTTP ${response.status} ${response.statusText}`);
  return response.text();
}

/** The built-in demo (public/demo), fetched from the app's own origin and indexed in the engine worker. */
export const demoDatasetQuery = (engine: EngineClient, baseUrl: string = import.meta.env.BASE_URL) =>
  queryOptions({
    queryKey: ['dataset', DEMO_DATASET_ID],
    queryFn: async () => {
      const files = await Promise.all(
        DEMO_FILES.map(async (name) => ({ name, text: await fetchText(`${baseUrl}demo/${name}`) })),
      );
      return engine.loadDataset(DEMO_DATASET_ID, files);
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** A library corpus loaded into the engine from storage (the demo is fetched instead). */
export const datasetQuery = (engine: EngineClient, id: string) =>
  id === DEMO_DATASET_ID
    ? demoDatasetQuery(engine)
    : queryOptions({
        queryKey: ['dataset', id],
        queryFn: () => engine.openCorpus(id),
        staleTime: Infinity,
        gcTime: Infinity,
      });

/** Stored corpora (the demo is listed by the page, not stored). */
export const libraryQuery = (engine: EngineClient) =>
  queryOptions({ queryKey: ['library'], queryFn: () => engine.listLibrary() });

/** Passages by id from a loaded dataset (rankings, contexts, hover text). */
export const passagesQuery = (engine: EngineClient, datasetId: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: ['passages', datasetId, [...ids].sort()],
    queryFn: async () => {
      const list = await engine.passages(datasetId, [...ids]);
      return new Map(list.map((p) => [p.id, p]));
    },
    staleTime: Infinity,
  });

/** Subgraph around a question and its pool passages, laid out in the engine worker. */
export const graphQuery = (
  engine: EngineClient,
  datasetId: string,
  query: string,
  poolIds: readonly string[],
  limit: number,
) =>
  queryOptions({
    queryKey: ['graph', datasetId, query, [...poolIds].sort(), limit],
    queryFn: () => engine.graphAround(datasetId, { query, poolIds: [...poolIds], limit }),
    staleTime: Infinity,
  });

/** One finished run (no streaming), cached by its inputs: the compare and batch views read these. */
export const runQuery = (engine: EngineClient, request: RunRequest) => {
  const { datasetId, question, backbone, strategy, k } = request;
  return queryOptions({
    queryKey: ['run', datasetId, question.id, question.question, backbone, strategy, k],
    queryFn: () => engine.run(request),
    staleTime: Infinity,
  });
};

/** LLM settings from this browser's storage, validated; defaults (offline thinker) when never saved. */
export const llmSettingsQuery = (engine: EngineClient) =>
  storedSettingsQuery(
    engine,
    LLM_SETTINGS_KEY,
    llmSettingsSchema,
    () => ({ ...DEFAULT_LLM_SETTINGS }),
    (issue) =>
      `app: stored LLM settings are invalid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}); reset them to continue`,
  );
