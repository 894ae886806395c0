// The round card pinned under the step bar in Present mode: it shows the step's round (the latest one when
// the step's round has no card), and tells how each bridge passage moved between the last two rankings.
import { describe, expect, it } from 'vitest';
import { bridgeMoves, moveText, roundShown } from '../../src/features/inspector/present-round.ts';
import type { RoundView, Stage } from '../../src/core/trace/fold.ts';

const round = (n: number): RoundView => ({ round: n, thoughts: [], retrieves: [], poolSize: null });
const stage = (label: string, order: string[]): Stage => ({
  kind: label === 'final cut' ? 'final' : label === 'verifier' ? 'verifier' : 'round',
  label,
  round: 0,
  ranks: new Map(order.map((id, i) => [id, i + 1])),
  scores: new Map(),
  order,
  step: 1,
});

describe('the round card pinned under the step bar', () => {
  it("shows the step's round, else the latest round; nothing before the first round", () => {
    const rounds = [round(0), round(1), round(2)];
    expect(roundShown(rounds, 1)?.round).toBe(1);
    expect(roundShown(rounds, 3)?.round).toBe(2);
    expect(roundShown(rounds, undefined)?.round).toBe(2);
    expect(roundShown([], 0)).toBeNull();
  });

  it('tells how each bridge passage moved between the last two rankings', () => {
    const bridge = new Set(['b']);
    expect(bridgeMoves([], bridge)).toEqual([]);
    const first = bridgeMoves([stage('initial pool', ['a', 'x', 'b'])], bridge);
    expect(first).toEqual([{ id: 'b', from: null, to: { rank: 3, label: 'initial pool' } }]);
    expect(moveText(first[0]!)).toBe('#3');
    const stages = [
      stage('initial pool', ['a']),
      stage('round 1', ['a', ...'cdefghijk', 'x', 'b']),
      stage('verifier', ['a', 'x', 'b']),
    ];
    const [moved] = bridgeMoves(stages, bridge);
    expect(moved).toEqual({ id: 'b', from: { rank: 12, label: 'round 1' }, to: { rank: 3, label: 'verifier' } });
    expect(moveText(moved!)).toBe('#12 → #3');
    expect(moveText(bridgeMoves(stages.slice(0, 2), bridge)[0]!)).toBe('not in the pool → #12');
    expect(moveText(bridgeMoves([...stages, stage('final cut', ['a', 'x'])], bridge)[0]!)).toBe('#3 → cut');
    expect(moveText(bridgeMoves([stage('round 1', ['a']), stage('round 2', ['a'])], bridge)[0]!)).toBe(
      'not in the pool',
    );
  });

  it('names at most two bridge passages, in the order of the bridge set', () => {
    const moves = bridgeMoves([stage('round 1', ['p', 'q', 'r'])], new Set(['r', 'q', 'p']));
    expect(moves.map((m) => m.id)).toEqual(['r', 'q']);
  });
});
