// Words a class does not know: one definition each, used by the glossary panel and by the inline help
// next to the terms (strategy picker, metrics, chart legend, the cut). The strategies' entries are their
// descriptors' explanations (core's registry), so the glossary and the picker say the same.
import { BACKBONE_ABOUT } from '../core/backbones/about.ts';
import { REGISTRY, type StrategyDescriptor } from '../core/strategies/index.ts';

export interface GlossaryEntry {
  term: string;
  /** One line, for tooltips and the help under the strategy picker. */
  short: string;
}

/** One entry per strategy family, baselines included (an ablation is explained under its parent's term). */
export function strategyEntries(registry: readonly StrategyDescriptor[]): GlossaryEntry[] {
  const seen = new Set<string>();
  return registry
    .filter((d) => !seen.has(d.term) && seen.add(d.term))
    .map((d) => ({ term: d.term, short: d.explanation }));
}

function backboneEntries(): GlossaryEntry[] {
  const { naivege, syncge, ...rest } = BACKBONE_ABOUT;
  return [
    ...Object.values(rest).map((a) => ({ term: a.title, short: a.explanation })),
    {
      term: `${naivege.title} / ${syncge.title}`,
      short: `${naivege.explanation} ${syncge.title}: ${syncge.explanation}`,
    },
  ];
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  ...strategyEntries(REGISTRY),
  // The backbones: core's one description of each (about.ts), GEAR's two expansions under one term.
  ...backboneEntries(),
  {
    term: 'PPR',
    short:
      "Personalized PageRank: random walks that restart at the seed nodes (the question's phrases); a node's PPR mass is how often the walks visit it.",
  },
  {
    term: 'gold',
    short:
      'A passage the dataset marks as needed to answer the question (supporting facts). Used only to score a finished run.',
  },
  {
    term: 'bridge',
    short:
      'A gold passage the question alone does not reach: its entity is named only in another passage (the "bridge" between the hops).',
  },
  {
    term: 'pool',
    short: 'The passages gathered so far, ranked: each round merges what its queries retrieved into it.',
  },
  {
    term: 'verifier',
    short:
      "BDTR's calibration: an LLM reads the reasoning chain and the top candidates and says which support it; those move to the top of the pool, keeping their own retrieval score (so a promoted passage can score below the ones under it).",
  },
  {
    term: 'μ+σ cut',
    short:
      'Keep the passages the verifier promoted, plus those scoring at least the mean (μ) plus one standard deviation (σ) of the top scores (BDTR Eq. 6). It is a score threshold; on the rank chart it is drawn where the kept passages end.',
  },
  { term: 'EM', short: 'Exact match: 1 if the normalized answer equals a gold answer, else 0.' },
  { term: 'F1', short: 'Word-overlap F1 between the answer and the best-matching gold answer, 0 to 1.' },
  { term: 'Acc', short: 'Accuracy: 1 if a gold answer appears inside the normalized answer, else 0.' },
  { term: 'Recall@k', short: 'Share of the gold passages found in the top k passages of the final ranking (percent).' },
  {
    term: 'offline thinker',
    short:
      "A labelled heuristic stand-in for an LLM (no model): it fills each prompt's format from the question's words and the passages' names, so the machinery runs without a model.",
  },
];

const BY_TERM = new Map(GLOSSARY.map((e) => [e.term.toLowerCase(), e]));

export function gloss(term: string): GlossaryEntry | undefined {
  return BY_TERM.get(term.toLowerCase());
}

export const glossId = (term: string) => `gloss-${term.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
