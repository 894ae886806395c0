// The passages a batch's diagnostics compare (anchors, look-alikes): every gold passage and every passage a
// prompt showed, read once for the runs given (one query shared by the plots and the failure shift).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { passagesQuery } from '../../app/queries.ts';
import type { Trace } from '../../core/trace/schema.ts';

export function useDiagnosisPassages(datasetId: string | undefined, runs: readonly { trace: Trace }[]) {
  const engine = useEngine();
  const ids = useMemo(() => {
    const s = new Set<string>();
    for (const { trace } of runs) {
      for (const id of trace.question.gold) s.add(id);
      for (const e of trace.events) if (e.type === 'context') for (const id of e.ids) s.add(id);
    }
    return [...s];
  }, [runs]);
  return useQuery({
    ...passagesQuery(engine, datasetId ?? '', ids),
    enabled: datasetId !== undefined && ids.length > 0,
    retry: false,
  });
}
