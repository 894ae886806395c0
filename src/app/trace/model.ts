// Everything the trace views show, derived from the event list alone (DESIGN: every view reads off
// traces). Pure, so the inspector, graph and compare views share it and tests check it in Node.
import type { ThoughtKind, TraceEvent } from '../../core/trace/schema.ts';
import type { Question, Ranked } from '../../core/types.ts';

export interface RetrieveView {
  query: string;
  label: string;
  results: Ranked[];
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
}

export interface ModuleCost {
  module: string;
  calls: number;
  cached: number;
  tokens: number;
  ms: number;
}

export interface TraceModel {
  rounds: RoundView[];
  stages: Stage[];
  chain: string | null;
  verify: { candidates: string[]; selected: string[] } | null;
  promotions: { id: string; from: number; to: number }[];
  cutoff: { mu: number; sigma: number; threshold: number; kept: string[] } | null;
  answer: string | null;
  /** Ranking the run ends with: the cut's kept ids if there is a cut, else the last pool. */
  finalRanking: string[];
  /** Last pool order (after promotion), the ranking Recall@k is measured on. */
  lastPool: string[];
  /** Round in which each passage first entered the pool. */
  firstRound: Map<string, number>;
  modules: ModuleCost[];
  /** Provider label of the first LLM call ("offline thinker (no LLM)", "openai-compatible …"): who answers before the trace header arrives. */
  llmProvider: string | null;
  errors: { module: string; message: string; round: number }[];
  /** ms since run start of the last event. */
  elapsedMs: number;
}

export function buildTraceModel(events: readonly TraceEvent[]): TraceModel {
  const rounds = new Map<number, RoundView>();
  const roundOf = (r: number) => {
    let v = rounds.get(r);
    if (!v) {
      v = { round: r, thoughts: [], retrieves: [], poolSize: null };
      rounds.set(r, v);
    }
    return v;
  };
  const stages: Stage[] = [];
  const firstRound = new Map<string, number>();
  const modules = new Map<string, ModuleCost>();
  const model: TraceModel = {
    rounds: [],
    stages,
    chain: null,
    verify: null,
    promotions: [],
    cutoff: null,
    answer: null,
    finalRanking: [],
    lastPool: [],
    firstRound,
    modules: [],
    llmProvider: null,
    errors: [],
    elapsedMs: 0,
  };
  let promotedInRound: number | null = null;

  for (const e of events) {
    model.elapsedMs = Math.max(model.elapsedMs, e.t);
    switch (e.type) {
      case 'round.start':
        roundOf(e.round);
        break;
      case 'thought':
        if (e.kind === 'reasoning-chain') model.chain = e.text;
        roundOf(e.round).thoughts.push({ kind: e.kind, text: e.text });
        break;
      case 'retrieve':
        roundOf(e.round).retrieves.push({ query: e.query, label: e.label, results: e.results });
        break;
      case 'pool': {
        const order = e.pool.map((p) => p.id);
        const afterPromotion = promotedInRound === e.round;
        const kind: StageKind = afterPromotion ? 'verifier' : e.round === 0 ? 'initial' : 'round';
        const label = kind === 'verifier' ? 'verifier' : kind === 'initial' ? 'initial pool' : `round ${e.round}`;
        stages.push({
          kind,
          label,
          round: e.round,
          ranks: new Map(e.pool.map((p) => [p.id, p.rank])),
          scores: new Map(e.pool.map((p) => [p.id, p.score])),
          order,
        });
        for (const id of order) if (!firstRound.has(id)) firstRound.set(id, e.round);
        if (!afterPromotion) roundOf(e.round).poolSize = order.length;
        model.lastPool = order;
        break;
      }
      case 'llm': {
        const m = modules.get(e.module) ?? { module: e.module, calls: 0, cached: 0, tokens: 0, ms: 0 };
        m.calls++;
        if (e.cached) m.cached++;
        m.tokens += e.usage.total;
        m.ms += e.latencyMs;
        modules.set(e.module, m);
        model.llmProvider ??= e.provider;
        break;
      }
      case 'verify':
        model.verify = { candidates: e.candidates, selected: e.selected };
        break;
      case 'promote':
        model.promotions = e.moves;
        promotedInRound = e.round;
        break;
      case 'cutoff': {
        model.cutoff = { mu: e.mu, sigma: e.sigma, threshold: e.threshold, kept: e.kept };
        const last = stages[stages.length - 1];
        stages.push({
          kind: 'final',
          label: 'final cut',
          round: e.round,
          ranks: new Map(e.kept.map((id, i) => [id, i + 1])),
          scores: new Map(e.kept.map((id) => [id, last?.scores.get(id) ?? Number.NaN])),
          order: e.kept,
        });
        break;
      }
      case 'memory':
        break;
      case 'answer':
        model.answer = e.text;
        break;
      case 'error':
        model.errors.push({ module: e.module, message: e.message, round: e.round });
        break;
    }
  }
  model.rounds = [...rounds.values()].sort((a, b) => a.round - b.round);
  model.modules = [...modules.values()];
  model.finalRanking = model.cutoff ? model.cutoff.kept : model.lastPool;
  return model;
}

/**
 * Bridge documents (issue 6: gold documents not reachable from the question's own entities).
 * HEURISTIC STAND-IN until entity data is in the trace: a gold passage the question's own round-0
 * retrieval did not return.
 */
export function bridgeIds(model: TraceModel, question: Pick<Question, 'gold'>): Set<string> {
  const own = new Set(model.rounds.find((r) => r.round === 0)?.retrieves.flatMap((r) => r.results.map((x) => x.id)) ?? []);
  return new Set(question.gold.filter((g) => !own.has(g)));
}

export const BRIDGE_RULE = 'bridge = gold passage the question alone did not retrieve in round 0 (heuristic)';

/** Splits "a -> b -> c" (or with →) into its nodes. */
export function chainNodes(chain: string): string[] {
  return chain
    .split(/\s*(?:->|→|=>)\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Every passage id a trace mentions (pools, retrievals, verifier, cut), for one passage lookup. */
export function traceIds(events: readonly TraceEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.type === 'retrieve') for (const r of e.results) ids.add(r.id);
    else if (e.type === 'pool') for (const r of e.pool) ids.add(r.id);
    else if (e.type === 'verify') for (const id of [...e.candidates, ...e.selected]) ids.add(id);
    else if (e.type === 'promote') for (const m of e.moves) ids.add(m.id);
    else if (e.type === 'cutoff') for (const id of e.kept) ids.add(id);
  }
  return [...ids];
}
