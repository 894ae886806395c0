// One passage lookup for all compare lanes: the passages file lanes shipped, the engine for the rest.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { passagesQuery } from '../../app/queries.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';
import { traceIds } from '../../core/trace/fold.ts';
import type { Trace } from '../../core/trace/schema.ts';
import type { CompareLane } from '../../state/compare-slice.ts';

export function useLanePassages(
  lanes: readonly CompareLane[],
  traces: readonly (Trace | undefined)[],
  datasetId: string | undefined,
  ready: boolean,
): PassageLookup {
  const engine = useEngine();
  const shipped = useMemo(
    () => new Map(lanes.flatMap((l) => (l.kind === 'file' && l.passages) || []).map((p) => [p.id, p] as const)),
    [lanes],
  );
  const ids = useMemo(
    () => [...new Set(traces.flatMap((t) => (t ? traceIds(t.events) : [])))].filter((id) => !shipped.has(id)),
    [traces, shipped],
  );
  const fetched = useQuery({
    ...passagesQuery(engine, datasetId ?? '', ids),
    enabled: ready && ids.length > 0,
    placeholderData: (p) => p,
  });
  return useMemo(
    () => ({
      get: (id) => shipped.get(id) ?? fetched.data?.get(id),
      titleOf: (id) => (shipped.get(id) ?? fetched.data?.get(id))?.title ?? id,
      error: fetched.isError ? fetched.error.message : null,
    }),
    [shipped, fetched.data, fetched.isError, fetched.error],
  );
}
