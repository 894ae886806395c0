// Titles and text of every passage the shown trace mentions: from the imported run file when it
// carried them, else from the engine worker's loaded corpus.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Passage } from '../core/types.ts';
import { useAppStore } from '../state/use-app-store.ts';
import { useEngine } from './engine-client.ts';
import { passagesQuery } from './queries.ts';
import { traceIds } from '../core/trace/fold.ts';
import { passageName } from './passage-names.ts';
import { titleWithSource } from './components/PassageSource.tsx';

export interface PassageLookup {
  get(id: string): Passage | undefined;
  titleOf(id: string): string;
  /** Null while fine; the reason passages cannot be shown otherwise. */
  error: string | null;
  /** The loaded corpus the passages come from (absent for passages shipped in a run file): opens document passages in place. */
  corpusId?: string;
}

/** `corpusId`: the corpus the trace ran on; `ready`: whether the engine has it loaded. */
export function useTracePassages(corpusId: string | undefined, ready: boolean): PassageLookup {
  const engine = useEngine();
  const events = useAppStore((s) => s.events);
  const shipped = useAppStore((s) => s.runPassages);
  const ids = useMemo(() => traceIds(events), [events]);
  const query = useQuery({
    ...passagesQuery(engine, corpusId ?? '', ids),
    enabled: shipped === null && ready && corpusId !== undefined && ids.length > 0,
    placeholderData: (previous) => previous,
  });
  return useMemo(() => {
    const map = shipped ? new Map(shipped.map((p) => [p.id, p])) : query.data;
    const error = shipped === null && query.isError ? query.error.message : null;
    return {
      get: (id) => map?.get(id),
      // a document passage's title names its file and pages too (graph hovers, captions)
      titleOf: (id) => titleWithSource(passageName(id, map?.get(id)?.title), map?.get(id)),
      error,
      corpusId: shipped === null && ready ? corpusId : undefined,
    };
  }, [shipped, query.data, query.isError, query.error, ready, corpusId]);
}
