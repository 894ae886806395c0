// One read of a stored settings block (TanStack Query factory): its default when never saved, validated by
// its schema when saved, and a sentence saying how to recover when what is stored no longer reads.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EngineClient } from './engine-client.ts';

export const storedSettingsQuery = <T>(
  engine: EngineClient,
  key: string,
  schema: z.ZodType<T>,
  fallback: () => T,
  invalid: (issue: z.core.$ZodIssue | undefined) => string,
) =>
  queryOptions({
    queryKey: ['settings', key],
    queryFn: async (): Promise<T> => {
      const raw = await engine.getSetting(key);
      if (raw === undefined) return fallback();
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new Error(invalid(parsed.error.issues[0]));
      return parsed.data;
    },
    staleTime: Infinity,
  });
