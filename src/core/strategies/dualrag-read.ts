// DualRAG's view of a run, a projection of the one fold (src/core/trace/fold.ts): the reasoning history
// with which steps triggered retrieval, the entity queries and reranked documents of each step, and the
// latest knowledge outline.
import { foldTrace, type TraceModel } from '../trace/fold.ts';
import type { MemoryEntry, TraceEvent } from '../trace/schema.ts';

export interface DualragEntityStep {
  entity: string;
  queries: string[];
  /** Reranked documents kept (Eq. 8), best first. */
  kept: string[];
  /** The reranker's score of each kept document (a cross-encoder's logit, or the lexical score). */
  keptScores: number[];
}

export interface DualragStep {
  round: number;
  reasoning: string;
  /** The step retrieved (the Reasoner's flag); false until the flag is recorded. */
  retrieved: boolean;
  /** Whether the Reasoner's retrieval flag is in the events yet (a step shown mid-way has not decided). */
  decided: boolean;
  entities: DualragEntityStep[];
  /** "name → earlier name" links of this step. */
  links: string[];
  /** Fragments the summarizer wrote that said nothing (or entities with no document kept). */
  discarded: string[];
}

export interface DualragView {
  steps: DualragStep[];
  /** The latest outline: per entity, its fragments with provenance (first-seen order). */
  outline: { entity: string; fragments: MemoryEntry[] }[];
  /** Round of the latest outline snapshot (0 when there is none yet). */
  outlineRound: number;
  /** Which reranker ran (its trace label, e.g. a cross-encoder's model id or the lexical heuristic); undefined before the first reranking. */
  reranker: string | undefined;
}

/** Undefined when the events are not a DualRAG run's. */
export const readDualrag = (events: readonly TraceEvent[]): DualragView | undefined => dualragView(foldTrace(events));

/** The DualRAG view of a folded run; undefined when it is not a DualRAG run's (no Reasoner step). */
function dualragView(model: TraceModel): DualragView | undefined {
  const steps: DualragStep[] = [];
  let reranker: string | undefined;
  for (const r of model.rounds) {
    // A step is a round with a Reasoner thought (DualRAG Eq. 3); what the round did after it belongs to it.
    const reasoning = r.thoughts.find((t) => t.kind === 'reasoner');
    if (!reasoning) continue;
    const s: DualragStep = {
      round: r.round,
      reasoning: reasoning.text,
      retrieved: false,
      decided: false,
      entities: [],
      links: [],
      discarded: [],
    };
    for (const t of r.thoughts) {
      if (t.kind === 'retrieval-flag') {
        s.retrieved = t.text === 'retrieve';
        s.decided = true;
      } else if (t.kind === 'entity-link') s.links.push(t.text);
      else if (t.kind === 'fragment-discarded' || t.kind === 'fragment-skipped') s.discarded.push(t.text);
    }
    for (const e of r.retrieves) {
      if (e.entity === undefined) continue;
      let ent = s.entities.find((x) => x.entity === e.entity);
      if (!ent) s.entities.push((ent = { entity: e.entity, queries: [], kept: [], keptScores: [] }));
      if (e.label.startsWith('rerank:')) {
        ent.kept = e.results.map((x) => x.id);
        ent.keptScores = e.results.map((x) => x.score);
        reranker = e.label.slice('rerank:'.length).trim();
      } else if (!ent.queries.includes(e.query)) ent.queries.push(e.query);
    }
    steps.push(s);
  }
  if (steps.length === 0) return undefined;
  const latest = model.memory.findLast((m) => m.kind === 'outline');
  const outline: DualragView['outline'] = [];
  for (const entry of latest?.entries ?? []) {
    const name = entry.entity ?? '(no entity)';
    let o = outline.find((x) => x.entity === name);
    if (!o) outline.push((o = { entity: name, fragments: [] }));
    o.fragments.push(entry);
  }
  return { steps, outline, outlineRound: latest?.round ?? 0, reranker };
}
