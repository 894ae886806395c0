// The one reader of traces: a single pass over the events builds the model that every
// view (inspector, graph, compare, captions, batch), every metric (CLI, batch rows) and every export
// reads. It takes the event list alone, so a live run's prefix folds the same way as a finished trace.
import type { TokenUsage } from '../llm/port.ts';
import type { Ranked } from '../types.ts';
import type { RetrievedItem, ThoughtKind, TraceEvent, TraceEventOf, TripleRef } from './schema.ts';

/** The label of GEAR's retrievals that link gist triples back to passages after the loop (Eq. 8, Eq. 10). */
export const PASSAGE_LINK = 'passageLink';

type RetrieveView = Pick<TraceEventOf<'retrieve'>, 'query' | 'label' | 'results' | 'entity'> & {
  items: RetrievedItem[];
};

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

/** Event types that open the chapter of the same name. */
const CHAPTER_EVENTS: ReadonlySet<string> = new Set(['verify', 'promote', 'cutoff', 'plan', 'answer', 'error', 'beam']);

/** The chapter an event opens, if any: a round start, the event types above, an outline snapshot, a reasoning chain. */
function chapterOf(e: TraceEvent): ChapterKind | undefined {
  if (e.type === 'round.start') return 'round';
  if (e.type === 'memory') return e.kind === 'outline' ? 'outline' : undefined;
  if (e.type === 'thought') return e.kind === 'reasoning-chain' ? 'chain' : undefined;
  return CHAPTER_EVENTS.has(e.type) ? (e.type as ChapterKind) : undefined;
}

/**
 * LLM calls and tokens. A reply served from the cache (or a replayed trace) counts its recorded
 * usage, so a strategy's token cost does not depend on whether the cache was warm; `cached` says how
 * many calls made no request.
 */
export interface Cost extends TokenUsage {
  calls: number;
  cached: number;
}

/** The cost of one calling module, with the time its calls took. */
type ModuleCost = Cost & { module: string; ms: number };

export const emptyCost = (): Cost => ({ calls: 0, cached: 0, prompt: 0, completion: 0, total: 0 });

/** Adds `c` into `into` (per-module totals over questions, or all modules into one). */
export function addCost(into: Cost, c: Cost): Cost {
  into.calls += c.calls;
  into.cached += c.cached;
  into.prompt += c.prompt;
  into.completion += c.completion;
  into.total += c.total;
  if (c.reasoning) into.reasoning = (into.reasoning ?? 0) + c.reasoning;
  return into;
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

type MemorySnapshot = Pick<TraceEventOf<'memory'>, 'round' | 'kind' | 'entries'>;

/** The model before any event (TraceModel is its type). */
function emptyModel(steps: number) {
  return {
    /** Events folded: a step is a number of events shown, 1..steps. */
    steps,
    /** Chapter starts in order, then the last step (kind "end") unless a chapter opens there. */
    chapters: [] as Chapter[],
    rounds: [] as RoundView[],
    stages: [] as Stage[],
    chain: null as string | null,
    verify: null as Pick<TraceEventOf<'verify'>, 'candidates' | 'selected'> | null,
    promotions: [] as TraceEventOf<'promote'>['moves'],
    cutoff: null as Pick<TraceEventOf<'cutoff'>, 'mu' | 'sigma' | 'threshold' | 'kept'> | null,
    answer: null as string | null,
    citations: [] as string[],
    /** The final context in its final order: the cut's kept ids if there is a cut, else the last pool. */
    finalRanking: [] as string[],
    /** The same with the pool's scores (NaN for a kept id the last pool lacks). */
    finalScored: [] as Ranked[],
    /** The pool after each `pool` event (round 0, each round, after promotion), for per-round Recall@k. */
    poolRankings: [] as Ranked[][],
    /** Ids the question's own round-0 retrievals returned (the bridge heuristic's input when a dataset has no structure). */
    round0Ids: [] as string[],
    /** Round in which each passage first entered the pool. */
    firstRound: new Map<string, number>(),
    /** What each LLM call that showed passages was shown, in call order. */
    contexts: [] as { module: string; round: number; ids: string[] }[],
    beams: [] as BeamStep[],
    /** Memory snapshots in order (each the whole memory after a step). */
    memory: [] as MemorySnapshot[],
    plans: [] as TraceEventOf<'plan'>[],
    modules: [] as ModuleCost[],
    /** LLM calls of the run (cached or not). */
    llmCalls: 0,
    /** LLM tokens per round as the server reported them (GEAR Fig. 4). */
    tokensByRound: new Map<number, number>(),
    /**
     * Controller steps that ran after the initial retrieval (the highest round started). A round that only
     * links the result back to passages (GEAR's passageLink, Eq. 8) is not a step of the loop and not counted.
     */
    roundsUsed: 0,
    /**
     * Passages the reading module was shown: the context recorded last before the answer (the reader of
     * each strategy: the QA reader, the planner's composer, GEAR's J.3 reader, DualRAG's answer); null
     * when no answer was given.
     */
    readerPassages: null as number | null,
    /** The `auto` router's choice (its `route` thought), when it routed. */
    route: null as string | null,
    /** Provider label of the first LLM call: who answers before the trace header arrives. */
    llmProvider: null as string | null,
    warnings: [] as { module: string; message: string; round: number }[],
    errors: [] as { module: string; message: string; round: number }[],
    /** ms since run start of the last event. */
    elapsedMs: 0,
  };
}

export type TraceModel = ReturnType<typeof emptyModel>;

export function foldTrace(events: readonly TraceEvent[]): TraceModel {
  const s = emptyFold(events.length);
  for (const [i, e] of events.entries()) {
    s.m.elapsedMs = Math.max(s.m.elapsedMs, e.t);
    const chapter = chapterOf(e);
    if (chapter) s.m.chapters.push({ kind: chapter, step: i + 1, round: e.round });
    (REDUCERS[e.type] as Reducer<TraceEvent['type']>)(s, e, i + 1);
  }
  return finishFold(s, events);
}

/** What the fold carries from event to event: the model it builds and what later events refer back to. */
function emptyFold(steps: number) {
  return {
    m: emptyModel(steps),
    rounds: new Map<number, RoundView>(),
    modules: new Map<string, ModuleCost>(),
    /** Rounds that started (round.start). */
    started: new Set<number>(),
    /** The round of the last promotion: that round's next pool is the verifier's stage. */
    promotedInRound: null as number | null,
    /** The last pool's scores (the cut's and the final ranking's scores). */
    lastScores: new Map<string, number>(),
    /** The last retrieval's query (the beams that follow were searched for it). */
    lastQuery: '',
    /** Passages the last context showed (the reader's, once the answer follows). */
    lastContext: null as number | null,
  };
}

type FoldState = ReturnType<typeof emptyFold>;

/** Folds one event of type K into the state; `step` is the number of events shown with it. */
type Reducer<K extends TraceEvent['type']> = (s: FoldState, e: TraceEventOf<K>, step: number) => void;

/** The view of round `r`, made when first named. */
const roundOf = (s: FoldState, r: number): RoundView =>
  s.rounds.get(r) ?? s.rounds.set(r, { round: r, thoughts: [], retrieves: [], poolSize: null }).get(r)!;

/** A thought: BDTR's reasoning chain and auto's route are kept apart too. */
const foldThought: Reducer<'thought'> = (s, e) => {
  const { m } = s;
  if (e.kind === 'reasoning-chain') m.chain = e.text;
  if (e.kind === 'route' && m.route === null) m.route = /^route: ([\w-]+)/.exec(e.text)?.[1] ?? null;
  roundOf(s, e.round).thoughts.push({ kind: e.kind, text: e.text });
};

const foldRetrieve: Reducer<'retrieve'> = (s, e) => {
  s.lastQuery = e.query;
  roundOf(s, e.round).retrieves.push({
    query: e.query,
    label: e.label,
    results: e.results,
    items: e.items ?? [],
    ...(e.entity !== undefined ? { entity: e.entity } : {}),
  });
  if (e.round === 0) for (const r of e.results) if (!s.m.round0Ids.includes(r.id)) s.m.round0Ids.push(r.id);
};

/** A pool: a stage of the rank chart (initial, a round's, or the verifier's after a promotion). */
const foldPool: Reducer<'pool'> = (s, e, step) => {
  const { m } = s;
  const order = e.pool.map((p) => p.id);
  const afterPromotion = s.promotedInRound === e.round;
  const kind: StageKind = afterPromotion ? 'verifier' : e.round === 0 ? 'initial' : 'round';
  s.lastScores = new Map(e.pool.map((p) => [p.id, p.score]));
  m.stages.push({
    kind,
    label: kind === 'verifier' ? 'verifier' : kind === 'initial' ? 'initial pool' : `round ${e.round}`,
    round: e.round,
    ranks: new Map(e.pool.map((p) => [p.id, p.rank])),
    scores: s.lastScores,
    order,
    step,
  });
  m.poolRankings.push(e.pool.map((p) => ({ id: p.id, score: p.score })));
  for (const id of order) if (!m.firstRound.has(id)) m.firstRound.set(id, e.round);
  if (!afterPromotion) roundOf(s, e.round).poolSize = order.length;
};

/** An LLM call: its module's cost, the run's calls and the round's tokens. */
const foldLlm: Reducer<'llm'> = (s, e) => {
  const { m } = s;
  const c = s.modules.get(e.module) ?? { module: e.module, ...emptyCost(), ms: 0 };
  addCost(c, { calls: 1, cached: e.cached ? 1 : 0, ...e.usage });
  c.ms += e.latencyMs;
  s.modules.set(e.module, c);
  m.llmCalls++;
  m.tokensByRound.set(e.round, (m.tokensByRound.get(e.round) ?? 0) + e.usage.total);
  m.llmProvider ??= e.provider;
};

/** The cut: the final stage of the rank chart, scored by the last pool. */
const foldCutoff: Reducer<'cutoff'> = (s, e, step) => {
  s.m.cutoff = { mu: e.mu, sigma: e.sigma, threshold: e.threshold, kept: e.kept };
  s.m.stages.push({
    kind: 'final',
    label: 'final cut',
    round: e.round,
    ranks: new Map(e.kept.map((id, i) => [id, i + 1])),
    scores: new Map(e.kept.map((id) => [id, s.lastScores.get(id) ?? Number.NaN])),
    order: e.kept,
    step,
  });
};

const REDUCERS: { [K in TraceEvent['type']]: Reducer<K> } = {
  'round.start': (s, e) => {
    roundOf(s, e.round);
    s.started.add(e.round);
  },
  thought: foldThought,
  retrieve: foldRetrieve,
  pool: foldPool,
  context: (s, e) => {
    s.m.contexts.push({ module: e.module, round: e.round, ids: e.ids });
    s.lastContext = e.ids.length;
  },
  llm: foldLlm,
  verify: ({ m }, e) => (m.verify = { candidates: e.candidates, selected: e.selected }),
  promote: (s, e) => {
    s.m.promotions = e.moves;
    s.promotedInRound = e.round;
  },
  cutoff: foldCutoff,
  beam: (s, e) =>
    s.m.beams.push({
      round: e.round,
      query: s.lastQuery,
      step: e.step,
      kept: e.kept,
      pruned: e.pruned,
      triples: new Map(e.triples.map((t) => [t.id, t])),
    }),
  memory: ({ m }, e) => m.memory.push({ round: e.round, kind: e.kind, entries: e.entries }),
  plan: ({ m }, e) => m.plans.push(e),
  answer: (s, e) => {
    s.m.readerPassages = s.lastContext;
    s.m.answer = e.text;
    s.m.citations = e.citations ?? [];
  },
  warning: ({ m }, e) => m.warnings.push({ module: e.module, message: e.message, round: e.round }),
  error: ({ m }, e) => m.errors.push({ module: e.module, message: e.message, round: e.round }),
};

/** After the last event: the closing chapter, the rounds in order, the rounds used, the final ranking. */
function finishFold(s: FoldState, events: readonly TraceEvent[]): TraceModel {
  const { m, rounds } = s;
  const last = events.at(-1);
  if (last && m.chapters.at(-1)?.step !== events.length)
    m.chapters.push({ kind: 'end', step: events.length, round: last.round });
  m.rounds = [...rounds.values()].sort((a, b) => a.round - b.round);
  const linkOnly = (r: number) => {
    const rs = rounds.get(r)?.retrieves ?? [];
    return rs.length > 0 && rs.every((x) => x.label === PASSAGE_LINK);
  };
  m.roundsUsed = Math.max(0, ...[...s.started].filter((r) => !linkOnly(r)));
  m.modules = [...s.modules.values()];
  // without a cut, every stage is a pool's: the last one (after promotion) is the final context
  m.finalRanking = m.cutoff ? m.cutoff.kept : (m.stages.at(-1)?.order ?? []);
  m.finalScored = m.finalRanking.map((id) => ({ id, score: s.lastScores.get(id) ?? Number.NaN }));
  return m;
}

/** A folded run's per-module costs, keyed by module (the CLI's JSON shape). */
export const costsOf = (m: TraceModel): Record<string, Cost> =>
  Object.fromEntries(m.modules.map(({ module, ms: _ms, ...c }) => [module, c]));

/** The final context in its final order, with the pool's scores (the ranking Recall@k is measured on). */
export const traceRanking = (trace: { events: readonly TraceEvent[] }): Ranked[] => foldTrace(trace.events).finalScored;

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

/** The passage ids each event type mentions (retrievals and their items' provenance, pools, contexts, verifier, cut, beams, memory, citations). */
const MENTIONED: { [K in TraceEvent['type']]?: (e: TraceEventOf<K>) => readonly string[] } = {
  retrieve: (e) => [...e.results.map((r) => r.id), ...(e.items ?? []).flatMap((item) => item.passages)],
  pool: (e) => e.pool.map((r) => r.id),
  context: (e) => e.ids,
  verify: (e) => [...e.candidates, ...e.selected],
  promote: (e) => e.moves.map((x) => x.id),
  cutoff: (e) => e.kept,
  beam: (e) => e.triples.flatMap((t) => (t.passage === null ? [] : [t.passage])),
  memory: (e) => e.entries.flatMap((entry) => entry.passages),
  answer: (e) => e.citations ?? [],
};

/** Every passage id a trace mentions, in order of first mention. */
export function traceIds(events: readonly TraceEvent[]): string[] {
  const mentioned = (e: TraceEvent) => (MENTIONED[e.type] as ((e: TraceEvent) => readonly string[]) | undefined)?.(e);
  return [...new Set(events.flatMap((e) => mentioned(e) ?? []))];
}
