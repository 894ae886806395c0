// GEAR's view of a trace (beams per step with their triples, gist memory per round with what is new,
// the triple paths to highlight) for the inspector, derived from the one fold (src/core/trace/fold.ts).
import { foldTrace, type BeamStep } from '../trace/fold.ts';
import type { MemoryEntry, TraceEvent, TripleRef } from '../trace/schema.ts';

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
  const model = foldTrace(events);
  const beams = model.beams.map(beamStep);
  const memory: GearMemoryRound[] = [];
  let seen = new Set<string>();
  for (const snap of model.memory) {
    if (snap.kind !== 'gist') continue;
    memory.push({ round: snap.round, entries: snap.entries.map((m) => ({ ...m, isNew: !seen.has(m.text) })) });
    seen = new Set(snap.entries.map((m) => m.text));
  }
  const lastPerRound = new Map<number, GearBeamStep>();
  for (const b of beams) lastPerRound.set(b.round, b); // steps come in order; the last one is the final beam
  const paths = [...lastPerRound.values()].flatMap((b) => b.kept.map((k) => ({ round: b.round, triples: k.triples })));
  return { beams, memory, paths };
}

function beamStep(b: BeamStep): GearBeamStep {
  return {
    round: b.round,
    query: b.query,
    step: b.step,
    kept: b.kept.map((k) => ({
      triples: k.triples.map(
        (id) => b.triples.get(id) ?? { id, subject: '?', predicate: '?', object: '?', passage: null },
      ),
      score: k.score,
      weight: k.weight,
    })),
    pruned: b.pruned.length,
  };
}
