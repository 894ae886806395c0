// DualRAG's state between steps: entity linking across steps (§3.1.1), grouping retrievals by entity
// (Eq. 7) and the progressive knowledge outline (Eq. 10) with each fragment's provenance.
import type { MemoryEntry } from '../trace/schema.ts';
import type { Ranked } from '../types.ts';
import type { OutlineView } from './prompt-port.ts';

/**
 * The linking key of an entity name: case, accents, a trailing parenthetical ("Charles Saunders
 * (director)"), a leading article and punctuation do not distinguish entities.
 */
export function entityKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^(?:the|a|an) /, '');
}

/** The earlier entity `name` denotes (same linking key), or undefined for a new entity. */
export function linkEntity(name: string, known: readonly string[]): string | undefined {
  const key = entityKey(name);
  return key.length === 0 ? undefined : known.find((k) => entityKey(k) === key);
}

export interface GroupedCandidate {
  id: string;
  /** Best 1-based rank over the entity's queries (ties of the union are broken by it). */
  rank: number;
  /** The queries whose top-k held this passage. */
  queries: string[];
}

/**
 * Eq. 7: D̂_e = ∪_q D̂_{e,q}. Passages in order of their best rank over the queries (then query order),
 * each with the queries that found it.
 */
export function groupByEntity(
  retrievals: readonly { query: string; results: readonly Ranked[] }[],
): GroupedCandidate[] {
  const byId = new Map<string, GroupedCandidate & { first: number }>();
  let order = 0;
  for (const { query, results } of retrievals) {
    results.forEach((r, i) => {
      const c = byId.get(r.id);
      if (!c) byId.set(r.id, { id: r.id, rank: i + 1, queries: [query], first: order++ });
      else {
        c.rank = Math.min(c.rank, i + 1);
        if (!c.queries.includes(query)) c.queries.push(query);
      }
    });
  }
  return [...byId.values()]
    .sort((a, b) => a.rank - b.rank || a.first - b.first)
    .map(({ id, rank, queries }) => ({ id, rank, queries }));
}

export interface OutlineFragment {
  text: string;
  passages: string[];
  queries: string[];
  /** Step (round) that wrote it. */
  since: number;
}

/** K: per entity (first-seen order), the fragments k_e in the order they were added. */
export class KnowledgeOutline {
  private readonly entities: { entity: string; fragments: OutlineFragment[] }[] = [];

  /** Eq. 10: K^t(e) = K^(t-1)(e) ∪ {k_e}; an entity that links to an earlier one joins its entry. */
  add(entity: string, fragment: OutlineFragment): void {
    const name = linkEntity(entity, this.names()) ?? entity;
    let e = this.entities.find((x) => x.entity === name);
    if (!e) this.entities.push((e = { entity: name, fragments: [] }));
    if (!e.fragments.some((f) => f.text === fragment.text)) e.fragments.push(fragment);
  }

  names(): string[] {
    return this.entities.map((e) => e.entity);
  }

  get size(): number {
    return this.entities.length;
  }

  /** What the prompts show. */
  view(): OutlineView[] {
    return this.entities.map((e) => ({ entity: e.entity, knowledge: e.fragments.map((f) => f.text) }));
  }

  /** The passages behind the outline's fragments, in order of first appearance. */
  passagesBehind(): string[] {
    return [...new Set(this.entities.flatMap((e) => e.fragments.flatMap((f) => f.passages)))];
  }

  /** The trace's `memory` entries (kind "outline"): one per fragment, with provenance. */
  entries(): MemoryEntry[] {
    return this.entities.flatMap((e) =>
      e.fragments.map((f) => ({
        text: f.text,
        entity: e.entity,
        passages: [...f.passages],
        queries: [...f.queries],
        since: f.since,
      })),
    );
  }
}
