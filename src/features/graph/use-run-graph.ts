// The shown run and the graph built around it: the run's corpus (loaded here or not), its passages, its
// pool, and the engine's subgraph around the question and that pool, styled per node.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { graphQuery } from '../../app/queries.ts';
import { useEngine } from '../../app/engine-client.ts';
import { useTracePassages } from '../../app/use-trace-passages.ts';
import { foldTrace } from '../../core/trace/fold.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { nodeAttributes } from './graph-style.ts';

export function useRunGraph() {
  const engine = useEngine();
  const dataset = useActiveDataset();
  const trace = useAppStore((s) => s.trace);
  const events = useAppStore((s) => s.events);
  const question = useAppStore((s) => s.runQuestion);
  const limit = useAppStore((s) => s.graphLimit);
  const model = useMemo(() => foldTrace(events), [events]);

  const corpusId = trace?.corpus.id ?? dataset.data?.id;
  const ready = dataset.isSuccess && corpusId === dataset.data.id;
  const passages = useTracePassages(corpusId, ready);
  const poolIds = useMemo(() => [...model.firstRound.keys()], [model]);
  const lastRound = Math.max(0, ...model.firstRound.values());
  const graph = useQuery({
    ...graphQuery(engine, corpusId ?? '', question?.question ?? '', poolIds, limit),
    enabled: ready && question !== null && poolIds.length > 0,
  });
  const gold = useMemo(() => new Set(question?.gold ?? []), [question]);
  const runNodes = useMemo(
    () => (graph.data ? nodeAttributes(graph.data, model.firstRound, passages.titleOf) : null),
    [graph.data, model.firstRound, passages.titleOf],
  );
  // The passages in view (by id), and the pool's among them by PPR mass (the side panel's list).
  const inView = useMemo(
    () => new Set((graph.data?.nodes ?? []).filter((n) => n.kind === 'passage').map((n) => n.label)),
    [graph.data],
  );
  const listed = useMemo(
    () =>
      (graph.data?.nodes ?? [])
        .filter((n) => n.kind === 'passage' && model.firstRound.has(n.label))
        .sort((a, b) => (b.ppr ?? 0) - (a.ppr ?? 0)),
    [graph.data, model.firstRound],
  );
  return {
    engine,
    dataset,
    trace,
    events,
    question,
    model,
    corpusId,
    ready,
    passages,
    poolIds,
    lastRound,
    graph,
    gold,
    runNodes,
    inView,
    listed,
  };
}

export type RunGraph = ReturnType<typeof useRunGraph>;
