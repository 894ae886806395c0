// An import's stages as the import panel shows them: labels, each stage's last progress and its duration.
import type { ImportProgress, ImportStage } from '../../engine/engine-api.ts';

export const STAGE_LABELS: Record<ImportStage, string> = {
  parse: 'Parse',
  bm25: 'BM25 index',
  triples: 'Triples',
  graph: 'Graph',
  embeddings: 'Embeddings',
  save: 'Save',
  backbones: 'Backbones',
};

/** A stage as shown: its last progress, when it was first seen, and how long it took once done. */
export type StageView = ImportProgress & { since: number; tookMs?: number };
export type StageViews = Partial<Record<ImportStage, StageView>>;

/** The stages after one progress event seen at `now` (ms). */
export function withProgress(stages: StageViews, p: ImportProgress, now: number): StageViews {
  const since = stages[p.stage]?.since ?? now;
  return { ...stages, [p.stage]: { ...p, since, ...(p.state === 'done' ? { tookMs: now - since } : {}) } };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
