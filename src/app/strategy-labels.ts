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
import type { RunBackbone, RunStrategy } from '../engine/engine-api.ts';
import { BACKBONE_ABOUT } from '../core/backbones/about.ts';

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

// The backbones' names and picker lines are core's descriptions (src/core/backbones/about.ts); the page's
// own variant, HippoRAG 2 over a dense base, is composed from them.
export const BACKBONE_LABELS: Record<RunBackbone, string> = {
  ...Object.fromEntries(Object.entries(BACKBONE_ABOUT).map(([n, a]) => [n, a.label])),
  'hipporag2-dense': `${BACKBONE_ABOUT.hipporag2.title}, dense base (PPR seeded by dense, embedding synonyms)`,
} as Record<RunBackbone, string>;
export const BACKBONE_SHORT: Record<RunBackbone, string> = {
  ...Object.fromEntries(Object.entries(BACKBONE_ABOUT).map(([n, a]) => [n, a.title])),
  'hipporag2-dense': `${BACKBONE_ABOUT.hipporag2.title} (dense)`,
} as Record<RunBackbone, string>;

/** Strategies that call an LLM (the one from Settings, or the offline thinker). */
export const usesLlm = (s: RunStrategy) => strategyDescriptor(s).needs.llm;
