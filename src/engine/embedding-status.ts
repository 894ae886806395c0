// What the Library shows of a corpus's embeddings: the model in Settings, how many passages have stored
// vectors of it (complete or resumable), the vectors of other models kept beside them, where the model
// runs once loaded, and whether a run is in progress.
import { embeddingLabel, embeddingModelId } from '../core/embed/settings.ts';
import type { ArtifactStore } from '../core/persist/ports.ts';
import { storedVectorsInfo } from '../core/persist/vectors-resume.ts';
import type { Corpus } from '../core/types.ts';
import type { EmbeddingModel } from './embedding-model.ts';
import type { EmbeddingStatus } from './engine-api.ts';

/** A loaded corpus, or just its id and size (the Library must not load a corpus to show its vectors). */
export type CorpusOrSize = Corpus | { id: string; passageCount: number };

export async function embeddingStatusOf(
  corpus: CorpusOrSize,
  model: Pick<EmbeddingModel, 'settings' | 'backendOf'>,
  artifacts: ArtifactStore | undefined,
  /** Whether an embedding run of this corpus is in progress (asked after the settings are read). */
  running: () => boolean,
): Promise<EmbeddingStatus> {
  const s = await model.settings();
  const shape =
    'passages' in corpus
      ? { id: corpus.id, passageCount: corpus.passages.length, passageIds: corpus.passages.map((p) => p.id) }
      : corpus;
  const base = { corpusId: corpus.id, passageCount: shape.passageCount, running: running() };
  const info = artifacts ? await storedVectorsInfo(artifacts, shape) : { complete: [], partial: [] };
  // Without a model in Settings every stored model is another one, and nothing is done.
  const id = s ? embeddingModelId(s) : undefined;
  const complete = info.complete.find((c) => c.modelId === id);
  return {
    ...base,
    model: s && id ? { id, label: embeddingLabel(s), dim: s.source === 'local' ? s.dim : null } : null,
    backend: id ? model.backendOf(id) : null,
    ready: complete !== undefined,
    done: complete ? complete.count : (info.partial.find((p) => p.modelId === id)?.done ?? 0),
    otherModels: [...new Set([...info.complete, ...info.partial].map((x) => x.modelId).filter((m) => m !== id))],
  };
}
