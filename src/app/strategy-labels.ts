// How the strategies and backbones of a run are named on screen (inspector, compare, batch): one place,
// so the pickers and the lanes agree.
import type { RunBackbone, RunStrategy } from '../../workers/engine-api.ts';

/** Long names, for the inspector's picker. */
export const STRATEGY_LABELS: Record<RunStrategy, string> = {
  single: 'single retrieval (no LLM)',
  'single-read': 'single retrieval + reader',
  static: 'static: one retrieval + reader',
  ircot: 'IRCoT (CoT sentence per step)',
  irgs: 'IRGS (Iter-RetGen)',
  tog: 'ToG (sufficiency check)',
  gcot: 'GCoT (graph CoT step)',
  bdtr: 'BDTR (dual thought + verifier)',
  'bdtr-dtr': 'BDTR-DTR (dual thought only)',
  'bdtr-bgec': 'BDTR-BGEC (verifier only)',
};

/** Short names, for lanes and batch columns. */
export const STRATEGY_SHORT: Record<RunStrategy, string> = {
  single: 'single retrieval',
  'single-read': 'single retrieval + reader',
  static: 'static',
  ircot: 'IRCoT',
  irgs: 'IRGS',
  tog: 'ToG',
  gcot: 'GCoT',
  bdtr: 'BDTR',
  'bdtr-dtr': 'BDTR-DTR',
  'bdtr-bgec': 'BDTR-BGEC',
};

export const BACKBONE_LABELS: Record<RunBackbone, string> = {
  bm25: 'BM25',
  dense: 'Dense (embedding model from Settings)',
  hybrid: 'Hybrid (RRF of BM25 and dense)',
  hipporag2: 'HippoRAG 2 (PPR, offline triples)',
  'hipporag2-dense': 'HippoRAG 2, dense base (PPR seeded by dense, embedding synonyms)',
};
export const BACKBONE_SHORT: Record<RunBackbone, string> = { bm25: 'BM25', dense: 'Dense', hybrid: 'Hybrid', hipporag2: 'HippoRAG 2', 'hipporag2-dense': 'HippoRAG 2 (dense)' };

/** Strategies that call an LLM (the one from Settings, or the offline thinker). */
export const usesLlm = (s: RunStrategy) => s !== 'single';
