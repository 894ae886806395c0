// A small pure reader of GEAR's state in a trace (beams per step, gist memory per round, the triple
// paths to highlight), for the inspector and the batch plots. The lead folds it into trace/fold.ts.
import type { MemoryEntry, Trace, TraceEvent, TraceEventOf, TripleRef } from '../trace/schema.ts';

export interface GearBeamStep {
  round: number;
  /** The query the beams were searched for (the preceding retrieve event). */
  query: string;
  step: number;
  kept: { triples: TripleRef[]; score: number; weight: number }[];
  pruned: number;
}

export interface GearMemoryRound {
  round: number;
  entries: (MemoryEntry & { isNew: boolean })[];
}

export interface GearView {
  beams: GearBeamStep[];
  memory: GearMemoryRound[];
  /** Triple paths of the last step of each round's final beams (what the expansion drew on). */
  paths: { round: number; triples: TripleRef[] }[];
}

export function gearView(events: readonly TraceEvent[]): GearView {
  const beams: GearBeamStep[] = [];
  const memory: GearMemoryRound[] = [];
  let query = '';
  let seen = new Set<string>();
  for (const e of events) {
    if (e.type === 'retrieve') query = e.query;
    else if (e.type === 'beam') beams.push(beamStep(e, query));
    else if (e.type === 'memory' && e.kind === 'gist') {
      memory.push({ round: e.round, entries: e.entries.map((m) => ({ ...m, isNew: !seen.has(m.text) })) });
      seen = new Set(e.entries.map((m) => m.text));
    }
  }
  const lastPerRound = new Map<number, GearBeamStep>();
  for (const b of beams) lastPerRound.set(b.round, b); // steps come in order; the last one is the final beam
  const paths = [...lastPerRound.values()].flatMap((b) => b.kept.map((k) => ({ round: b.round, triples: k.triples })));
  return { beams, memory, paths };
}

function beamStep(e: TraceEventOf<'beam'>, query: string): GearBeamStep {
  const byId = new Map(e.triples.map((t) => [t.id, t]));
  return {
    round: e.round,
    query,
    step: e.step,
    kept: e.kept.map((k) => ({ triples: k.triples.map((id) => byId.get(id) ?? { id, subject: '?', predicate: '?', object: '?', passage: null }), score: k.score, weight: k.weight })),
    pruned: e.pruned.length,
  };
}

/** LLM tokens per round (GEAR Fig. 4): round -> total tokens the server reported. */
export function tokensByRound(trace: Pick<Trace, 'events'>): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of trace.events) if (e.type === 'llm') out.set(e.round, (out.get(e.round) ?? 0) + e.usage.total);
  return out;
}
