// Embedding reads of the page (TanStack Query factories): the embedding settings and a corpus's
// vectors status. Kept apart from queries.ts so the embedding wiring stays in its own files.
import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_EMBEDDING_SETTINGS, embeddingSettingsSchema, type EmbeddingSettings } from '../core/embed/settings.ts';
import { EMBEDDING_SETTINGS_KEY } from '../engine/engine-api.ts';
import type { EngineClient } from './engine-client.ts';

export const embeddingSettingsQuery = (engine: EngineClient) =>
  queryOptions({
    queryKey: ['settings', EMBEDDING_SETTINGS_KEY],
    queryFn: async (): Promise<EmbeddingSettings> => {
      const raw = await engine.getSetting(EMBEDDING_SETTINGS_KEY);
      if (raw === undefined) return DEFAULT_EMBEDDING_SETTINGS;
      const parsed = embeddingSettingsSchema.safeParse(raw);
      if (!parsed.success)
        throw new Error(
          `the saved embedding settings are invalid (${parsed.error.issues[0]?.message ?? 'unknown'}); choose the model again`,
        );
      return parsed.data;
    },
    staleTime: Infinity,
  });

/** Every embedding status of every corpus: invalidated together when the model changes. */
export const EMBEDDING_STATUS_KEY = ['embedding-status'] as const;

export const embeddingStatusQuery = (engine: EngineClient, corpusId: string) =>
  queryOptions({
    queryKey: [...EMBEDDING_STATUS_KEY, corpusId],
    queryFn: () => engine.embeddingStatus(corpusId),
  });
