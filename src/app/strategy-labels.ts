// How the strategies and backbones of a run are named on screen (inspector, compare, batch). Strategy
// names, labels and help all come from the strategy descriptors (core's registry), so the pickers, the
// lanes, the CLI and the docs agree.
import { flatten, REGISTRY, strategyDescriptor, type StrategyDescriptor } from '../core/strategies/index.ts';
import { RUN_BACKBONES, RUN_STRATEGIES, type RunStrategy } from '../engine/engine-api.ts';
import { backboneAbout } from '../core/backbones/about.ts';

/** The picker's options for a registry list (each strategy's ablations right after it): the help is the explanation. */
export function strategyChoices(registry: readonly StrategyDescriptor[]) {
  return flatten(registry).map((d) => ({
    value: d.name,
    label: d.label,
    title: d.title,
    term: d.term,
    help: d.explanation,
  }));
}

/** The registry's picker options. */
export const STRATEGY_CHOICES = strategyChoices(REGISTRY);

const names = <K extends string>(keys: readonly K[], name: (key: K) => string) =>
  Object.fromEntries(keys.map((k) => [k, name(k)])) as Record<K, string>;

/** Short names, for lanes and batch columns: the descriptors' titles, as in the CLI's results. */
export const STRATEGY_SHORT = names(RUN_STRATEGIES, (s) => strategyDescriptor(s).title);
// The backbones' names and picker lines are core's descriptions (src/core/backbones/about.ts), presets included.
export const BACKBONE_LABELS = names(RUN_BACKBONES, (b) => backboneAbout(b).label);
export const BACKBONE_SHORT = names(RUN_BACKBONES, (b) => backboneAbout(b).title);

/** Strategies that call an LLM (the one from Settings, or the offline thinker). */
export const usesLlm = (s: RunStrategy) => strategyDescriptor(s).needs.llm;
