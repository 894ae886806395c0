// How the strategies and backbones of a run are named on screen (inspector, compare, batch). Strategy
// names, labels and help all come from the strategy descriptors (core's registry), so the pickers, the
// lanes, the CLI and the docs agree.
import {
  DESCRIPTORS,
  flatten,
  REGISTRY,
  strategyDescriptor,
  type StrategyDescriptor,
} from '../core/strategies/index.ts';
import type { RunBackbone, RunStrategy } from '../../workers/engine-api.ts';

/** One option of a strategy picker, with the help shown under it. */
export interface StrategyChoice {
  value: string;
  /** Long name, for the picker. */
  label: string;
  /** Short name, for the help line, lanes and batch columns. */
  title: string;
  /** The glossary term it is explained under (an ablation: its parent's). */
  term: string;
  /** One paragraph on what it does. */
  help: string;
}

/** The picker's options for a registry list (each strategy's ablations right after it). */
export function strategyChoices(registry: readonly StrategyDescriptor[]): StrategyChoice[] {
  return flatten(registry).map((d) => ({
    value: d.name,
    label: d.label,
    title: d.title,
    term: d.term,
    help: d.explanation,
  }));
}

/** The registry's picker options. */
export const STRATEGY_CHOICES: readonly StrategyChoice[] = strategyChoices(REGISTRY);

/** Long names, for the inspector's picker. */
export const STRATEGY_LABELS = Object.fromEntries(DESCRIPTORS.map((d) => [d.name, d.label])) as Record<
  RunStrategy,
  string
>;

/** Short names, for lanes and batch columns: the descriptors' titles, as in the CLI's results. */
export const STRATEGY_SHORT = Object.fromEntries(DESCRIPTORS.map((d) => [d.name, d.title])) as Record<
  RunStrategy,
  string
>;

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
export const usesLlm = (s: RunStrategy) => strategyDescriptor(s).needs.llm;
