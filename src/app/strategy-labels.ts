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
import { RUN_BACKBONES, type RunBackbone, type RunStrategy } from '../engine/engine-api.ts';
import { backboneAbout } from '../core/backbones/about.ts';

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

// The backbones' names and picker lines are core's descriptions (src/core/backbones/about.ts), presets included.
export const BACKBONE_LABELS = Object.fromEntries(RUN_BACKBONES.map((b) => [b, backboneAbout(b).label])) as Record<
  RunBackbone,
  string
>;
export const BACKBONE_SHORT = Object.fromEntries(RUN_BACKBONES.map((b) => [b, backboneAbout(b).title])) as Record<
  RunBackbone,
  string
>;

/** Strategies that call an LLM (the one from Settings, or the offline thinker). */
export const usesLlm = (s: RunStrategy) => strategyDescriptor(s).needs.llm;
