// The one reader of traces: a single pass over the events builds the model that every
// view (inspector, graph, compare, captions, batch), every metric (CLI, batch rows) and every export
// reads. It takes the event list alone, so a live run's prefix folds the same way as a finished trace.
import type { Ranked } from '../types.ts';
import type { MemoryEntry, RetrievedItem, ThoughtKind, TraceEvent, TraceEventOf, TripleRef } from './schema.ts';

/** The label of GEAR's retrievals that link gist triples back to passages after the loop (Eq. 8, Eq. 10). */
export const PASSAGE_LINK = 'passageLink';

export interface RetrieveView {
  query: string;
  label: string;
  results: Ranked[];
  items: RetrievedItem[];
  entity?: string;
}

export interface RoundView {
  round: number;
  thoughts: { kind: ThoughtKind; text: string }[];
  retrieves: RetrieveView[];
  /** Pool size after the round's merge, when the round produced one. */
  poolSize: number | null;
}

export type StageKind = 'initial' | 'round' | 'verifier' | 'final';

/** One column of the rank-movement chart: the ranking at one moment of the run. */
export interface Stage {
  kind: StageKind;
  label: string;
  round: number;
  /** 1-based rank of every passage present at this stage. */
  ranks: Map<string, number>;
  scores: Map<string, number>;
  /** Ids best first. */
  order: string[];
  /** The step (events shown) at which this ranking appears. */
  step: number;
}

/**
 * What opens a chapter: a round, a step kind with a panel of its own (GEAR's beam step, DualRAG's knowledge
 * outline, BDTR's reasoning chain, the planner's plan), the verifier, the promotion, the cut, the answer,
 * an error, or the end.
 */
export type ChapterKind =
  'round' | 'beam' | 'outline' | 'chain' | 'verify' | 'promote' | 'cutoff' | 'plan' | 'answer' | 'error' | 'end';

/** A stage a presenter stops at (step bar, guided tour, graph slider): where it starts, and its round. */
export interface Chapter {
  kind: ChapterKind;
  /** Events shown when the chapter opens (its opening event included). */
  step: number;
  round: number;
}

const CHAPTER_EVENTS: ReadonlyMap<TraceEvent['type'], ChapterKind> = new Map([
  ['round.start', 'round'],
  ['verify', 'verify'],
  ['promote', 'promote'],
  ['cutoff', 'cutoff'],
  ['plan', 'plan'],
  ['answer', 'answer'],
  ['error', 'error'],
  ['beam', 'beam'],
] as const);

/** The chapter an event opens, if any: the event types above, an outline snapshot, a reasoning chain. */
function chapterOf(e: TraceEvent): ChapterKind | undefined {
  if (e.type === 'memory') return e.kind === 'outline' ? 'outline' : undefined;
  if (e.type === 'thought') return e.kind === 'reasoning-chain' ? 'chain' : undefined;
  return CHAPTER_EVENTS.get(e.type);
}

/**
 * LLM calls and tokens. A reply served from the cache (or a replayed trace) counts its recorded
 * usage, so a strategy's token cost does not depend on whether the cache was warm; `cached` says how
 * many calls made no request.
 */
export interface Cost {
  calls: number;
  cached: number;
  prompt: number;
  completion: number;
  total: number;
  /** Reasoning models: completion tokens spent reasoning (part of `completion`); absent when none were reported. */
  reasoning?: number;
}

/** The cost of one calling module, with the time its calls took. */
export interface ModuleCost extends Cost {
  module: string;
  ms: number;
}

export interface BeamStep {
  round: number;
  /** The query the beams were searched for (the retrieve event before them). */
  query: string;
  step: number;
  kept: TraceEventOf<'beam'>['kept'];
  pruned: TraceEventOf<'beam'>['pruned'];
  triples: Map<string, TripleRef>;
}

export interface MemorySnapshot {
  round: number;
  kind: string;
  entries: MemoryEntry[];
}

export interface TraceModel {
  /** Events folded: a step is a number of events shown, 1..steps. */
  steps: number;
  /** Chapter starts in order, then the last step (kind "end") unless a chapter opens there. */
  chapters: Chapter[];
  rounds: RoundView[];
  stages: Stage[];
  chain: string | null;
  verify: { candidates: string[]; selected: string[] } | null;
  promotions: { id: string; from: number; to: number }[];
  cutoff: { mu: number; sigma: number; threshold: number; kept: string[] } | null;
  answer: string | null;
  citations: string[];
  /** The final context in its final order: the cut's kept ids if there is a cut, else the last pool. */
  finalRanking: string[];
  /** The same with the pool's scores (NaN for a kept id the last pool lacks). */
  finalScored: Ranked[];
  /** Last pool order (after promotion). */
  lastPool: string[];
  /** The pool after each `pool` event (round 0, each round, after promotion), for per-round Recall@k. */
  poolRankings: Ranked[][];
  /** Ids the question's own round-0 retrievals returned (the bridge heuristic's input when a dataset has no structure). */
  round0Ids: string[];
  /** Round in which each passage first entered the pool. */
  firstRound: Map<string, number>;
  /** What each LLM call that showed passages was shown, in call order. */
  contexts: { module: string; round: number; ids: string[] }[];
  beams: BeamStep[];
  /** Memory snapshots in order (each the whole memory after a step). */
  memory: MemorySnapshot[];
  plans: TraceEventOf<'plan'>[];
  modules: ModuleCost[];
  /** LLM calls of the run (cached or not). */
  llmCalls: number;
  /** LLM tokens per round as the server reported them (GEAR Fig. 4). */
  tokensByRound: Map<number, number>;
  /**
   * Controller steps that ran after the initial retrieval (the highest round started). A round that only
   * links the result back to passages (GEAR's passageLink, Eq. 8) is not a step of the loop and not counted.
   */
  roundsUsed: number;
  /**
   * Passages the reading module was shown: the context recorded last before the answer (the reader of
   * each strategy: the QA reader, the planner's composer, GEAR's J.3 reader, DualRAG's answer); null
   * when no answer was given.
   */
  readerPassages: number | null;
  /** The `auto` router's choice (its `route` thought), when it routed. */
  route: string | null;
  /** Provider label of the first LLM call: who answers before the trace header arrives. */
  llmProvider: string | null;
  warnings: { module: string; message: string; round: number }[];
  errors: { module: string; message: string; round: number }[];
  /** ms since run start of the last event. */
  elapsedMs: number;
}

export function foldTrace(events: readonly TraceEvent[]): TraceModel {
  const rounds = new Map<number, RoundView>();
  const roundOf = (r: number) => {
    let v = rounds.get(r);
    if (!v) {
      v = { round: r, thoughts: [], retrieves: [], poolSize: null };
      rounds.set(r, v);
    }
    return v;
  };
  const modules = new Map<string, ModuleCost>();
  const m: TraceModel = {
    steps: events.length,
    chapters: [],
    rounds: [],
    stages: [],
    chain: null,
    verify: null,
    promotions: [],
    cutoff: null,
    answer: null,
    citations: [],
    finalRanking: [],
    finalScored: [],
    lastPool: [],
    poolRankings: [],
    round0Ids: [],
    firstRound: new Map(),
    contexts: [],
    beams: [],
    memory: [],
    plans: [],
    modules: [],
    llmCalls: 0,
    tokensByRound: new Map(),
    roundsUsed: 0,
    readerPassages: null,
    route: null,
    llmProvider: null,
    warnings: [],
    errors: [],
    elapsedMs: 0,
  };
  let promotedInRound: number | null = null;
  let lastScores = new Map<string, number>();
  let lastQuery = '';

  let lastContext: number | null = null;
  const started = new Set<number>();
  for (const [i, e] of events.entries()) {
    m.elapsedMs = Math.max(m.elapsedMs, e.t);
    const chapter = chapterOf(e);
    if (chapter) m.chapters.push({ kind: chapter, step: i + 1, round: e.round });
    switch (e.type) {
      case 'round.start':
        roundOf(e.round);
        started.add(e.round);
        break;
      case 'thought':
        if (e.kind === 'reasoning-chain') m.chain = e.text;
        if (e.kind === 'route' && m.route === null) m.route = /^route: ([\w-]+)/.exec(e.text)?.[1] ?? null;
        roundOf(e.round).thoughts.push({ kind: e.kind, text: e.text });
        break;
      case 'retrieve':
        lastQuery = e.query;
        roundOf(e.round).retrieves.push({
          query: e.query,
          label: e.label,
          results: e.results,
          items: e.items ?? [],
          ...(e.entity !== undefined ? { entity: e.entity } : {}),
        });
        if (e.round === 0) for (const r of e.results) if (!m.round0Ids.includes(r.id)) m.round0Ids.push(r.id);
        break;
      case 'pool': {
        const order = e.pool.map((p) => p.id);
        const afterPromotion = promotedInRound === e.round;
        const kind: StageKind = afterPromotion ? 'verifier' : e.round === 0 ? 'initial' : 'round';
        lastScores = new Map(e.pool.map((p) => [p.id, p.score]));
        m.stages.push({
          kind,
          label: kind === 'verifier' ? 'verifier' : kind === 'initial' ? 'initial pool' : `round ${e.round}`,
          round: e.round,
          ranks: new Map(e.pool.map((p) => [p.id, p.rank])),
          scores: lastScores,
          order,
          step: i + 1,
        });
        m.poolRankings.push(e.pool.map((p) => ({ id: p.id, score: p.score })));
        for (const id of order) if (!m.firstRound.has(id)) m.firstRound.set(id, e.round);
        if (!afterPromotion) roundOf(e.round).poolSize = order.length;
        m.lastPool = order;
        break;
      }
      case 'context':
        m.contexts.push({ module: e.module, round: e.round, ids: e.ids });
        lastContext = e.ids.length;
        break;
      case 'llm': {
        const c = modules.get(e.module) ?? {
          module: e.module,
          calls: 0,
          cached: 0,
          prompt: 0,
          completion: 0,
          total: 0,
          ms: 0,
        };
        c.calls++;
        if (e.cached) c.cached++;
        c.prompt += e.usage.prompt;
        c.completion += e.usage.completion;
        c.total += e.usage.total;
        if (e.usage.reasoning) c.reasoning = (c.reasoning ?? 0) + e.usage.reasoning;
        c.ms += e.latencyMs;
        modules.set(e.module, c);
        m.llmCalls++;
        m.tokensByRound.set(e.round, (m.tokensByRound.get(e.round) ?? 0) + e.usage.total);
        m.llmProvider ??= e.provider;
        break;
      }
      case 'verify':
        m.verify = { candidates: e.candidates, selected: e.selected };
        break;
      case 'promote':
        m.promotions = e.moves;
        promotedInRound = e.round;
        break;
      case 'cutoff': {
        m.cutoff = { mu: e.mu, sigma: e.sigma, threshold: e.threshold, kept: e.kept };
        const scores = lastScores;
        m.stages.push({
          kind: 'final',
          label: 'final cut',
          round: e.round,
          ranks: new Map(e.kept.map((id, i) => [id, i + 1])),
          scores: new Map(e.kept.map((id) => [id, scores.get(id) ?? Number.NaN])),
          order: e.kept,
          step: i + 1,
        });
        break;
      }
      case 'beam':
        m.beams.push({
          round: e.round,
          query: lastQuery,
          step: e.step,
          kept: e.kept,
          pruned: e.pruned,
          triples: new Map(e.triples.map((t) => [t.id, t])),
        });
        break;
      case 'memory':
        m.memory.push({ round: e.round, kind: e.kind, entries: e.entries });
        break;
      case 'plan':
        m.plans.push(e);
        break;
      case 'answer':
        m.readerPassages = lastContext;
        m.answer = e.text;
        m.citations = e.citations ?? [];
        break;
      case 'warning':
        m.warnings.push({ module: e.module, message: e.message, round: e.round });
        break;
      case 'error':
        m.errors.push({ module: e.module, message: e.message, round: e.round });
        break;
    }
  }
  const last = events.at(-1);
  if (last && m.chapters.at(-1)?.step !== events.length)
    m.chapters.push({ kind: 'end', step: events.length, round: last.round });
  m.rounds = [...rounds.values()].sort((a, b) => a.round - b.round);
  const linkOnly = (r: number) => {
    const rs = rounds.get(r)?.retrieves ?? [];
    return rs.length > 0 && rs.every((x) => x.label === PASSAGE_LINK);
  };
  m.roundsUsed = Math.max(0, ...[...started].filter((r) => !linkOnly(r)));
  m.modules = [...modules.values()];
  m.finalRanking = m.cutoff ? m.cutoff.kept : m.lastPool;
  m.finalScored = m.finalRanking.map((id) => ({ id, score: lastScores.get(id) ?? Number.NaN }));
  return m;
}

/** Per-module costs of a run's events, keyed by module (the CLI's JSON shape). */
export function costByModule(events: readonly TraceEvent[]): Record<string, Cost> {
  return Object.fromEntries(foldTrace(events).modules.map(({ module, ms: _ms, ...c }) => [module, c]));
}

/** The final context in its final order, with the pool's scores (the ranking Recall@k is measured on). */
export const traceRanking = (trace: { events: readonly TraceEvent[] }): Ranked[] => foldTrace(trace.events).finalScored;
/** The pool after each `pool` event. */
export const traceRoundRankings = (trace: { events: readonly TraceEvent[] }): Ranked[][] =>
  foldTrace(trace.events).poolRankings;
/** The run's answer, if it reached the answer step. */
export const traceAnswer = (trace: { events: readonly TraceEvent[] }): string | undefined =>
  foldTrace(trace.events).answer ?? undefined;

/** The round whose ranking is on screen at `step`: that of the last stage shown (0 before any). */
export function roundAtStep(model: TraceModel, step: number): number {
  return model.stages.findLast((s) => s.step <= step)?.round ?? 0;
}

/**
 * The last step of round `round` (its pool shown, nothing of the next round or of the verifier yet), or
 * null when nothing follows it (the whole run shows it).
 */
export function roundEndStep(model: TraceModel, round: number): number | null {
  const next =
    model.chapters.find((c) => c.kind === 'round' && c.round === round + 1) ??
    model.chapters.find((c) => c.kind === 'verify' || c.kind === 'promote' || c.kind === 'cutoff');
  return next && next.step > 1 ? next.step - 1 : null;
}

/** Splits "a -> b -> c" (or with →, =>) into its nodes. */
export function chainNodes(chain: string): string[] {
  return chain
    .split(/\s*(?:->|→|=>)\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Every passage id a trace mentions (retrievals and their items' provenance, pools, contexts, verifier, cut, beams, memory, citations). */
export function traceIds(events: readonly TraceEvent[]): string[] {
  const ids = new Set<string>();
  const add = (xs: Iterable<string>) => {
    for (const x of xs) ids.add(x);
  };
  for (const e of events) {
    if (e.type === 'retrieve') {
      add(e.results.map((r) => r.id));
      for (const item of e.items ?? []) add(item.passages);
    } else if (e.type === 'pool') add(e.pool.map((r) => r.id));
    else if (e.type === 'context') add(e.ids);
    else if (e.type === 'verify') add([...e.candidates, ...e.selected]);
    else if (e.type === 'promote') add(e.moves.map((x) => x.id));
    else if (e.type === 'cutoff') add(e.kept);
    else if (e.type === 'beam') add(e.triples.flatMap((t) => (t.passage === null ? [] : [t.passage])));
    else if (e.type === 'memory') for (const entry of e.entries) add(entry.passages);
    else if (e.type === 'answer') add(e.citations ?? []);
  }
  return [...ids];
}
