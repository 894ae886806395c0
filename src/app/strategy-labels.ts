// How the strategies and backbones of a run are named on screen (inspector, compare, batch): one place,
// so the pickers and the lanes agree.
import { STRATEGIES } from '../core/strategies/index.ts';
import { strategyTitle } from '../core/strategies/titles.ts';
import type { RunBackbone, RunStrategy } from '../../workers/engine-api.ts';

/** Long names, for the inspector's picker. */
export const STRATEGY_LABELS: Record<RunStrategy, string> = {
  single: 'single retrieval (no LLM)',
  'single-read': 'single retrieval + reader',
  static: 'static: one retrieval + reader',
  ircot: 'IRCoT (CoT sentence per step)',
  irgs: 'IRGS (Iter-RetGen)',
  tog: 'ToG-style (Fig. 11): sufficiency check prompt',
  gcot: 'GCoT-style (Fig. 12): missing-evidence prompt',
  bdtr: 'BDTR (dual thought + verifier)',
  'bdtr-dtr': 'BDTR-DTR (dual thought only)',
  'bdtr-bgec': 'BDTR-BGEC (verifier only)',
  gear: 'GEAR (gist memory + graph expansion)',
  planner: 'Planner (partial answer + sub-query per step, composer)',
  dualrag: 'DualRAG (reasoner + entity queries + knowledge outline)',
  'dualrag-no-reasoner': 'DualRAG w/o R (retrieve every step)',
  'dualrag-no-ei': 'DualRAG w/o Ei (reasoning as query)',
  'dualrag-no-outline': 'DualRAG w/o KO (raw passages, no outline)',
  auto: 'auto: router picks static / IRCoT / IRGS / BDTR',
  ensemble: 'ensemble: RRF of BDTR + BDTR-BGEC',
};

/** Short names, for lanes and batch columns: core's result titles (src/core/strategies/titles.ts), so the CLI and the UI agree. */
export const STRATEGY_SHORT = {
  single: 'single retrieval',
  'single-read': 'single retrieval + reader',
  ...(Object.fromEntries(STRATEGIES.map((s) => [s, strategyTitle(s)])) as Record<(typeof STRATEGIES)[number], string>),
} satisfies Record<RunStrategy, string>;

export const BACKBONE_LABELS: Record<RunBackbone, string> = {
  bm25: 'BM25',
  dense: 'Dense (embedding model from Settings)',
  hybrid: 'Hybrid (RRF of BM25 and dense)',
  hipporag2: 'HippoRAG 2 (PPR, offline triples)',
  'hipporag2-dense': 'HippoRAG 2, dense base (PPR seeded by dense, embedding synonyms)',
  raptor: 'RAPTOR (tree of extractive summaries, no LLM)',
  graphrag: 'GraphRAG (communities, extractive reports, no LLM)',
  naivege: 'NaiveGE (GEAR graph expansion over BM25, no LLM)',
  syncge: 'SyncGE (GEAR graph expansion over BM25, the run’s LLM reads)',
};
export const BACKBONE_SHORT: Record<RunBackbone, string> = {
  bm25: 'BM25',
  dense: 'Dense',
  hybrid: 'Hybrid',
  hipporag2: 'HippoRAG 2',
  'hipporag2-dense': 'HippoRAG 2 (dense)',
  raptor: 'RAPTOR',
  graphrag: 'GraphRAG',
  naivege: 'NaiveGE',
  syncge: 'SyncGE',
};

/** Strategies that call an LLM (the one from Settings, or the offline thinker). */
export const usesLlm = (s: RunStrategy) => s !== 'single';
