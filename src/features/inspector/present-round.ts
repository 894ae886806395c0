// What the round card pinned under the step bar (Present mode) says in short, pure so it is tested in Node:
// which round it shows, and how each bridge passage moved in the last ranking.
import type { RoundView, Stage } from '../../core/trace/fold.ts';

/** The step's round (`round`, from the step's focus) when it has a card, else the latest round; null before any. */
export function roundShown(rounds: readonly RoundView[], round: number | null | undefined): RoundView | null {
  return rounds.find((r) => r.round === round) ?? rounds.at(-1) ?? null;
}

/**
 * How each bridge passage moved from the ranking before the last one to the last one shown (the rank-movement
 * chart's last two columns; a rank is null where it is not ranked, `from` is null when the last ranking is the
 * first); none before the first ranking. At most `limit` passages, in the bridge set's order.
 */
export function bridgeMoves(stages: readonly Stage[], bridge: ReadonlySet<string>, limit = 2) {
  const last = stages.at(-1);
  if (!last) return [];
  const before = stages.at(-2);
  return [...bridge].slice(0, limit).map((id) => ({
    id,
    from: before ? { rank: before.ranks.get(id) ?? null, label: before.label } : null,
    to: { rank: last.ranks.get(id) ?? null, label: last.label },
  }));
}

/** A move in ranks only: "#12 → #3", "#7", "not in the pool → #4", "#9 → cut"; unchanged absence once. */
export function moveText(move: ReturnType<typeof bridgeMoves>[number]): string {
  const place = (at: { rank: number | null; label: string }) =>
    at.rank !== null ? `#${at.rank}` : at.label === 'final cut' ? 'cut' : 'not in the pool';
  if (move.from === null || (move.from.rank === null && move.to.rank === null)) return place(move.to);
  return `${place(move.from)} → ${place(move.to)}`;
}
