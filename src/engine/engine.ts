// The engine behind workers/engine.worker.ts, as a plain object so Node tests call it directly.
// It owns the parsed datasets and their BM25 indexes; the page gets summaries, rankings and traces.
// Composed of its library, run, model and view methods (engine-*.ts), which share the loaded datasets.
import type { EngineApi } from './engine-api.ts';
import type { EngineDeps, EngineOptions } from './engine-deps.ts';
import { createBackbones } from './backbones.ts';
import { createDatasets } from './datasets.ts';
import { createLibraryMethods } from './engine-library.ts';
import { createLlmBuildMethods } from './engine-llm-builds.ts';
import { createModelMethods } from './engine-models.ts';
import { createRunMethods } from './engine-runs.ts';
import { createViewMethods } from './engine-views.ts';
import { createEmbeddings } from './embeddings.ts';
import { createRerankers } from './rerank.ts';

export type { EngineOptions } from './engine-deps.ts';

export function createEngine(options: EngineOptions = {}): EngineApi {
  const { stores } = options;
  const now = options.now ?? (() => performance.now());
  const embeddings = createEmbeddings(stores, options.embedding, now);
  const deps: EngineDeps = {
    ...options,
    now,
    datasets: createDatasets(stores),
    embeddings,
    rerankers: createRerankers(stores, options.reranking, now),
    backbones: createBackbones(options, embeddings),
  };
  return {
    ...createLibraryMethods(deps),
    ...createRunMethods(deps),
    ...createModelMethods(deps),
    ...createViewMethods(deps),
    ...createLlmBuildMethods(deps),
  };
}
