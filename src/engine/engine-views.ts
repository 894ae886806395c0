// The engine's graph views: the subgraph around a question, and RAPTOR's tree levels or GraphRAG's
// communities around it.
import { HopscopeError } from '../core/errors.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import type { EngineApi } from './engine-api.ts';
import { graphRagLayers, raptorLayers } from './backbone-layers.ts';
import type { createBackbones } from './backbones.ts';
import type { Datasets } from './datasets.ts';
import { questionGraph } from './graph.ts';

export type ViewMethods = Pick<EngineApi, 'graphAround' | 'backboneLayers'>;

export function createViewMethods(datasets: Datasets, backbones: ReturnType<typeof createBackbones>): ViewMethods {
  return {
    async backboneLayers(datasetId, request) {
      const entry = datasets.get(datasetId);
      if (request.backbone === 'raptor')
        return raptorLayers(
          (await backbones.of(entry, 'raptor', await backbones.llmOf(entry))).retriever as RaptorRetriever,
          entry.dataset.corpus.passages.map((p) => p.id),
          request,
        );
      if (request.backbone === 'graphrag')
        return graphRagLayers(
          (await backbones.of(entry, 'graphrag', await backbones.llmOf(entry))).retriever as GraphRagRetriever,
          request,
        );
      throw new HopscopeError(
        'engine',
        `backbone "${String(request.backbone)}" has no tree or communities to draw (raptor, graphrag)`,
      );
    },

    async graphAround(datasetId, request) {
      const entry = datasets.get(datasetId);
      if (request.query.trim() === '')
        throw new HopscopeError('engine', 'the graph needs a question; run or open one first');
      return questionGraph(await backbones.hippo(entry), request);
    },
  };
}
