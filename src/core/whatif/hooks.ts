// The run-context hooks a what-if branch installs (StrategyContext.whatif). Strategies never see an
// intervention: the run's retrieve step, the shared pool update and the recorder call these, so every
// strategy supports every kind of change through the same code.
import type { PoolHandle, RunHooks } from '../strategies/run-hooks.ts';
import type { Ranked } from '../types.ts';
import type { Intervention } from './intervention.ts';

export function createHooks(change: Intervention): RunHooks {
  const round = 'round' in change ? change.round : Number.POSITIVE_INFINITY;
  const dropped = new Set(change.kind === 'pool' ? (change.drop ?? []) : []);
  const inserted = new WeakSet<PoolHandle>();
  let applied =
    change.kind === 'rerun' ||
    change.kind === 'reply' ||
    (change.kind === 'options' && Object.keys(change.options).some((k) => k !== 'depth'));
  /** The last round the run retrieved or merged in (why a change past it was not applied). */
  let lastRound = -1;
  // A text edit takes effect when a query the run sends changes; an edit only of the record is reported.
  let recorded = false;
  const replace = (text: string): string => {
    // Idempotent: an ensemble member's events pass the rewrite twice (its own recorder, then the copy).
    if (change.kind !== 'text' || !text.includes(change.from)) return text;
    if (change.to.includes(change.from) && text.includes(change.to)) return text;
    return text.split(change.from).join(change.to);
  };
  return {
    query: (r, q) => {
      if (r < round) return q;
      const out = replace(q);
      if (out !== q) applied = true;
      return out;
    },
    depth: (r, k) => {
      const d = change.kind === 'options' ? change.options.depth : undefined;
      if (r < round || typeof d !== 'number') return k;
      applied = true;
      return d;
    },
    results: (r, results) => {
      lastRound = Math.max(lastRound, r);
      const kept = r >= round && dropped.size > 0 ? results.filter((x) => !dropped.has(x.id)) : results;
      // The round's own retrievals carry the insertion too, so a strategy that keeps its own pool
      // (IRCoT's collection, DualRAG's outline) sees the passages; the shared pool pins them (pool below).
      if (change.kind !== 'pool' || !change.insert || r !== round) return kept;
      applied = true;
      return insertRanked(kept, change.insert);
    },
    pool: (r, pool) => {
      lastRound = Math.max(lastRound, r);
      if (change.kind !== 'pool' || r < round) return;
      if (dropped.size > 0) {
        pool.drop(dropped);
        applied = true;
      }
      // Once per pool instance (an ensemble's members each keep their own pool).
      if (change.insert && !inserted.has(pool)) {
        inserted.add(pool);
        pool.insert(change.insert.ids, change.insert);
        applied = true;
      }
    },
    order: (r, ids) => {
      if (change.kind !== 'pool' || r < round) return ids;
      let out = dropped.size > 0 ? ids.filter((id) => !dropped.has(id)) : ids;
      if (out.length !== ids.length) applied = true;
      if (change.insert) {
        // a given score has no place in a list without scores: the passages join at its end
        const at = change.insert.score !== undefined ? { ids: change.insert.ids, rank: Infinity } : change.insert;
        const unscored = out.map((id) => ({ id, score: 0 }));
        out = insertRanked(unscored, at).map((r) => r.id);
        applied = true;
      }
      return out;
    },
    event: (body, r) => {
      if (change.kind !== 'text' || r < round) return body;
      if (body.type === 'thought') {
        const text = replace(body.text);
        if (text !== body.text) recorded = true;
        return { ...body, text };
      }
      if (body.type === 'plan' && body.subquery !== undefined) {
        const subquery = replace(body.subquery);
        if (subquery !== body.subquery) recorded = true;
        return { ...body, subquery };
      }
      return body;
    },
    unapplied: () => {
      if (applied) return [];
      if (change.kind === 'pool')
        return [
          lastRound < round
            ? `the pool change was not applied: the run's last round is ${lastRound < 0 ? 'none' : lastRound}, it never reached round ${round}`
            : `the pool change was not applied: the run kept no pool at round ${round} or later`,
        ];
      if (change.kind === 'text')
        return [
          recorded
            ? `the edited text changed the record only: no retrieval from round ${round} on sent a query containing "${change.from}" (later prompts quote the original)`
            : `no thought or query from round ${round} on contained "${change.from}"`,
        ];
      return [`the run made no retrieval at round ${round} or later`];
    },
  };
}

/** `results` with `ids` at a 1-based rank (taking that rank's score) or with a given score, best first. */
function insertRanked(
  results: readonly Ranked[],
  at: { ids: readonly string[]; rank?: number; score?: number },
): Ranked[] {
  const wanted = new Set(at.ids);
  const rest = results.filter((r) => !wanted.has(r.id));
  if (at.score !== undefined) {
    const score = at.score;
    const i = rest.findIndex((r) => r.score < score);
    const cut = i < 0 ? rest.length : i;
    return [...rest.slice(0, cut), ...at.ids.map((id) => ({ id, score })), ...rest.slice(cut)];
  }
  const rank = Math.min(at.rank ?? 1, rest.length + 1);
  const score = (rest[rank - 1] ?? rest.at(-1))?.score ?? 1;
  return [...rest.slice(0, rank - 1), ...at.ids.map((id) => ({ id, score })), ...rest.slice(rank - 1)];
}
