// Embedding reads of the page (TanStack Query factories): the embedding settings and a corpus's
// vectors status. Kept apart from queries.ts so the embedding wiring stays in its own files.
import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_EMBEDDING_SETTINGS, embeddingSettingsSchema } from '../core/embed/settings.ts';
import { EMBEDDING_SETTINGS_KEY } from '../engine/engine-api.ts';
import type { EngineClient } from './engine-client.ts';
import { storedSettingsQuery } from './settings-query.ts';

export const embeddingSettingsQuery = (engine: EngineClient) =>
  storedSettingsQuery(
    engine,
    EMBEDDING_SETTINGS_KEY,
    embeddingSettingsSchema,
    () => DEFAULT_EMBEDDING_SETTINGS,
    (issue) => `the saved embedding settings are invalid (${issue?.message ?? 'unknown'}); choose the model again`,
  );

/** Every embedding status of every corpus: invalidated together when the model changes. */
export const EMBEDDING_STATUS_KEY = ['embedding-status'] as const;

export const embeddingStatusQuery = (engine: EngineClient, corpusId: string) =>
  queryOptions({
    queryKey: [...EMBEDDING_STATUS_KEY, corpusId],
    queryFn: () => engine.embeddingStatus(corpusId),
  });
