// The registry: the list every listing derives from (pickers, glossary, compare lanes, batch columns, CLI
// help, auto's route menu, docs/strategies.md). A new method is one file plus one entry in methods.ts.
import { auto } from './auto.ts';
import { flatten, type NamesOf, type StrategyDescriptor } from './descriptor.ts';
import { ensemble } from './ensemble.ts';
import { METHODS } from './methods.ts';
import { bdtr } from './bdtr.ts';
import { single } from './static.ts';

export const REGISTRY = [...METHODS, auto, ensemble] as const;

export type StrategyName = NamesOf<(typeof REGISTRY)[number]>;

/** Every runnable strategy, each one's ablations right after it. */
export const DESCRIPTORS: readonly StrategyDescriptor<StrategyName>[] = flatten(
  REGISTRY,
) as StrategyDescriptor<StrategyName>[];

const BY_NAME = new Map<string, StrategyDescriptor<StrategyName>>(DESCRIPTORS.map((d) => [d.name, d]));

/** The descriptor of a strategy name, or undefined for a name no strategy has. */
export const findStrategy = (name: string): StrategyDescriptor<StrategyName> | undefined => BY_NAME.get(name);

/** The descriptor of a known strategy (throws for an unknown name: a programmer error). */
export function strategyDescriptor(name: StrategyName): StrategyDescriptor<StrategyName> {
  const d = BY_NAME.get(name);
  if (!d) throw new Error(`strategies: unknown strategy "${String(name)}"`);
  return d;
}

/** The strategy a new session starts with and the guided tour walks (its views show every panel). */
export const DEFAULT_STRATEGY: StrategyName = bdtr.name;
/** Retrieval only (no LLM): the default of compare lanes and the batch's retrieval columns. */
export const RETRIEVAL_ONLY: StrategyName = single.name;

/**
 * The display name of a strategy id (the id itself when it has none). ToG and GCoT are prompt-level
 * versions of BDTR Fig. 11 and 12, so their titles say "-style" and the figure; the ids stay so old
 * traces still load.
 */
export const strategyTitle = (id: string): string => BY_NAME.get(id)?.title ?? id;
