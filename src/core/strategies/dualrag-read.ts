// Reading a DualRAG run off its events, for views (a small pure reader next to the strategy; the lead's
// trace fold can absorb it): the reasoning history with which steps triggered retrieval, the entity
// queries and reranked documents of each step, and the knowledge outline after each step.
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
  /** The step retrieved (the Reasoner's flag, or every step without it). */
  retrieved: boolean;
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
export function readDualrag(events: readonly TraceEvent[]): DualragView | undefined {
  const steps: DualragStep[] = [];
  let entries: MemoryEntry[] = [];
  let outlineRound = 0;
  let reranker: string | undefined;
  const step = (round: number) => steps.find((s) => s.round === round);
  for (const e of events) {
    if (e.type === 'thought' && e.kind === 'reasoner')
      steps.push({ round: e.round, reasoning: e.text, retrieved: false, entities: [], links: [], discarded: [] });
    const s = step(e.round);
    if (!s) continue;
    if (e.type === 'thought' && e.kind === 'retrieval-flag') s.retrieved = e.text === 'retrieve';
    else if (e.type === 'thought' && e.kind === 'entity-link') s.links.push(e.text);
    else if (e.type === 'thought' && (e.kind === 'fragment-discarded' || e.kind === 'fragment-skipped'))
      s.discarded.push(e.text);
    else if (e.type === 'retrieve' && e.entity !== undefined) {
      let ent = s.entities.find((x) => x.entity === e.entity);
      if (!ent) s.entities.push((ent = { entity: e.entity, queries: [], kept: [], keptScores: [] }));
      if (e.label.startsWith('rerank:')) {
        ent.kept = e.results.map((r) => r.id);
        ent.keptScores = e.results.map((r) => r.score);
        reranker = e.label.slice('rerank:'.length).trim();
      } else if (!ent.queries.includes(e.query)) ent.queries.push(e.query);
    } else if (e.type === 'memory' && e.kind === 'outline') {
      entries = e.entries;
      outlineRound = e.round;
    }
  }
  if (steps.length === 0) return undefined;
  const outline: DualragView['outline'] = [];
  for (const entry of entries) {
    const name = entry.entity ?? '(no entity)';
    let o = outline.find((x) => x.entity === name);
    if (!o) outline.push((o = { entity: name, fragments: [] }));
    o.fragments.push(entry);
  }
  return { steps, outline, outlineRound, reranker };
}
