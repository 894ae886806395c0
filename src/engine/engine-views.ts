// The engine's graph views: the subgraph around a question, and RAPTOR's tree levels or GraphRAG's
// communities around it.
import { layeredBackbone } from '../core/backbones/about.ts';
import { HopscopeError } from '../core/errors.ts';
import type { GraphRagRetriever } from '../core/retrievers/graphrag.ts';
import type { RaptorRetriever } from '../core/retrievers/raptor.ts';
import type { EngineApi } from './engine-api.ts';
import { graphRagLayers, raptorLayers } from './backbone-layers.ts';
import type { EngineDeps } from './engine-deps.ts';
import { questionGraph } from './graph.ts';

export function createViewMethods({
  datasets,
  backbones,
}: EngineDeps): Pick<EngineApi, 'graphAround' | 'backboneLayers'> {
  return {
    async backboneLayers(datasetId, request) {
      const entry = datasets.get(datasetId);
      const kind = request.kind as string;
      if (kind !== 'tree' && kind !== 'communities')
        throw new HopscopeError('engine', `no layers of kind "${kind}" to draw (tree, communities)`);
      const built = await backbones.of(entry, layeredBackbone(request.kind));
      return request.kind === 'tree'
        ? raptorLayers(
            built.retriever as RaptorRetriever,
            entry.dataset.corpus.passages.map((p) => p.id),
            request,
          )
        : graphRagLayers(built.retriever as GraphRagRetriever, request);
    },

    async graphAround(datasetId, request) {
      const entry = datasets.get(datasetId);
      if (request.query.trim() === '')
        throw new HopscopeError('engine', 'the graph needs a question; run or open one first');
      return questionGraph(await backbones.hippo(entry), request);
    },
  };
}
