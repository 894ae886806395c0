// A strategy is one descriptor: everything a host, a listing or a doc says about it lives here, beside
// its `run`. The registry (registry.ts) is a list of these; pickers, the glossary, the CLI help, auto's
// route menu and docs/strategies.md are all derived from it.
import type { z } from 'zod';
import type { Retriever } from '../types.ts';
import type { Run } from './context.ts';
import { parseOptions } from './options.ts';
import { normalizationFor } from './pool.ts';
import { StrategyError } from './context.ts';
import type { StrategyPrompts } from './prompt-port.ts';

/**
 * Composites (`auto`, `ensemble`) run other strategies' bodies through this, which index.ts gives them (so they
 * need not import the registry): strategy `name`'s body on `run` with `raw` options, validated as at top level.
 */
export type MemberRunner = (name: string, run: Run, raw: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** What a strategy needs from the host beyond a backbone retriever. */
export interface StrategyNeeds {
  /** Calls an LLM (the configured one, or the offline thinker). */
  llm: boolean;
  /** Reranks with a cross-encoder (the labelled lexical reranker stands in without one). */
  reranker: boolean;
  /** Runs over a graph-expansion backbone (naivege/syncge: base retriever, triple index, beam search). */
  graphExpansion: boolean;
  /** Needs an embedding model of its own (beyond what the backbone uses). */
  embedder: boolean;
}

/**
 * baseline: a host's retrieval baseline (raw backbone scores, not one of the papers' methods);
 * method: one paper's method (static retrieval included); composite: runs other strategies' bodies.
 */
export type StrategyKind = 'baseline' | 'method' | 'composite';

/** A route auto's LLM judgment may pick, as its menu describes it. */
export interface RouteEntry {
  /** LLM calls at the default 2 rounds with a reader. */
  calls: number;
  description: string;
}

/**
 * What `@R` names for this strategy (a what-if change "after round R", a counterfactual spec such as
 * gold-bridge@R): one meaning everywhere, **the pool after round R's retrieval**, where round 0 is the
 * run's first retrieval. Strategies number their trace rounds differently (BDTR's round 0 is the
 * question's retrieval, the planner's step 1 is), so each declares where its first retrieval is.
 */
export interface WhatIfRounds {
  /** The trace round of the run's first retrieval (@0); 'member' for a composite (its member's). */
  first: 0 | 1 | 'member';
  /** What round R's retrieval is for this strategy, in words (docs/what-if.md, the CLI help, the batch form). */
  round: string;
}

type Shape = z.ZodRawShape;

export interface StrategySpec<N extends string, V extends readonly StrategyDescriptor[]> {
  name: N;
  /** Short name for results, lanes and batch columns. */
  title: string;
  /** Long name for the inspector's picker. */
  label: string;
  /** The glossary term this strategy (and its variants) is explained under; defaults to `title`. */
  term?: string;
  /** One paragraph: under the picker, in the glossary, the CLI help and docs/strategies.md. */
  explanation: string;
  /** The paper and section it implements. */
  paper: string;
  kind: StrategyKind;
  /** Options with the defaults that actually run (recorded in trace.options). */
  options: Shape;
  /** Options this strategy fixes (an ablation's switches); a run may not set them otherwise. */
  fixed?: Record<string, unknown>;
  /** Other defaults that follow the backbone (the score scale is resolved for every strategy in parse); a run's own setting wins. */
  defaultsFor?: (retriever: Retriever) => Record<string, unknown>;
  /** The prompts it uses (their versions are recorded in trace.options.prompts). */
  prompts: readonly (keyof StrategyPrompts)[];
  /** The prompt that reads the final context in the evidence regimes (default the QA reader). */
  reader?: keyof StrategyPrompts;
  /** Which of the offline thinker's replies serve its prompts (src/providers/llm/). */
  offline: string;
  needs?: Partial<StrategyNeeds>;
  /** Offered on auto's route menu (and so a possible ensemble member). */
  route?: RouteEntry;
  /** Its LLM calls can be exported as fine-tuning data (--export-ft). */
  exportsFineTuning?: boolean;
  /**
   * Its step prompt's answer marker ("So the answer is:") can end any step, so every step is a decision to
   * stop or go on (paper 004's stopping calibration applies), even when no step stopped.
   */
  decidesStop?: boolean;
  /** What `@R` names (the pool after round R's retrieval); an ablation without its own takes its parent's. */
  rounds?: WhatIfRounds;
  /** The ablations, listed after it. */
  variants?: V;
  run(run: Run, options: Record<string, unknown>, member: MemberRunner): Promise<void>;
}

export interface StrategyDescriptor<N extends string = string> extends Readonly<
  Pick<StrategySpec<N, []>, 'name' | 'title' | 'label' | 'explanation' | 'paper' | 'kind' | 'prompts' | 'offline'>
> {
  readonly term: string;
  readonly shape: Shape;
  readonly fixed: Readonly<Record<string, unknown>>;
  /** The option names a run may set (the shape minus the fixed ones). */
  readonly keys: readonly string[];
  readonly reader: keyof StrategyPrompts;
  readonly needs: Readonly<StrategyNeeds>;
  readonly route?: RouteEntry;
  readonly exportsFineTuning: boolean;
  readonly decidesStop: boolean;
  /** What `@R` names for it: the pool after round R's retrieval (round 0: the run's first retrieval). */
  readonly rounds: WhatIfRounds;
  /** The parent's name when this is one of its ablations. */
  readonly variantOf?: string;
  readonly variants: readonly StrategyDescriptor[];
  /** Validated options with defaults, the backbone's when given (throws StrategyError on a bad or a fixed option). */
  parse(raw: Record<string, unknown> | undefined, retriever?: Retriever): Record<string, unknown>;
  run: StrategySpec<N, []>['run'];
}

/** A descriptor with its variants' names in its type (so the registry's names form a union). */
export type Described<N extends string, V extends readonly StrategyDescriptor[]> = Omit<
  StrategyDescriptor<N>,
  'variants'
> & { readonly variants: V };

export function defineStrategy<const N extends string, const V extends readonly StrategyDescriptor[] = readonly []>(
  spec: StrategySpec<N, V>,
): Described<N, V> {
  const fixed = spec.fixed ?? {};
  const variants = (spec.variants ?? []) as unknown as V;
  // an ablation without its own declaration takes its parent's (below); the registry test holds every listed one to a text
  const rounds: WhatIfRounds = spec.rounds ?? { first: 0, round: '' };
  return {
    name: spec.name,
    title: spec.title,
    label: spec.label,
    term: spec.term ?? spec.title,
    explanation: spec.explanation,
    paper: spec.paper,
    kind: spec.kind,
    shape: spec.options,
    fixed,
    keys: Object.keys(spec.options).filter((k) => !(k in fixed)),
    prompts: spec.prompts,
    reader: spec.reader ?? 'answer',
    offline: spec.offline,
    needs: { llm: true, reranker: false, graphExpansion: false, embedder: false, ...spec.needs },
    ...(spec.route ? { route: spec.route } : {}),
    exportsFineTuning: spec.exportsFineTuning ?? false,
    decidesStop: spec.decidesStop ?? false,
    rounds,
    variants: variants.map((v) => ({
      ...v,
      variantOf: spec.name,
      rounds: v.rounds.round ? v.rounds : rounds,
    })) as unknown as V,
    parse(raw, retriever) {
      for (const k of Object.keys(fixed)) {
        if (raw && k in raw && raw[k] !== fixed[k])
          throw new StrategyError(
            `strategies.${spec.name}`,
            `option ${k} is fixed to ${String(fixed[k])} by this strategy`,
          );
      }
      // The score-scale rule, resolved here once for every strategy that merges the scores of several
      // queries into one pool (every `normalize` option; a composite passes it on to its members): raw
      // where the backbone's scores share one scale across queries, min-max where each query has its own
      // (pool.ts, normalizationFor). A strategy that fixes it (one retrieval) keeps its own.
      const scale =
        retriever && 'normalize' in spec.options && spec.kind !== 'composite'
          ? { normalize: normalizationFor(retriever) }
          : {};
      const backbone = retriever ? { ...scale, ...spec.defaultsFor?.(retriever) } : {};
      // an option given as undefined is not set: the backbone's default stands
      const given = Object.fromEntries(Object.entries(raw ?? {}).filter(([, v]) => v !== undefined));
      return parseOptions(spec.name, spec.options, { ...backbone, ...given, ...fixed });
    },
    run: spec.run,
  };
}

/** Names of a descriptor and its variants, as a type (variants have no variants of their own). */
export type NamesOf<D> = D extends { name: infer N extends string; variants: readonly (infer V)[] }
  ? N | (V extends { name: infer M extends string } ? M : never)
  : never;

/** A list of descriptors with each one's variants after it (the order every listing shows). */
export function flatten(list: readonly StrategyDescriptor[]): StrategyDescriptor[] {
  return list.flatMap((d) => [d, ...flatten(d.variants)]);
}
