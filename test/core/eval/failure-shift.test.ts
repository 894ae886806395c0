// Failure shift between two lanes: fixed / broken / both right / both wrong and the flag moves, each
// cell listing its questions; the matrices add up to the questions both lanes ran to the end.
import { describe, expect, it } from 'vitest';
import { failureShift, type ShiftRow } from '../../../src/core/eval/failure-shift.ts';

const row = (id: string, correct: boolean | undefined, flags: ShiftRow['flags'] = [], finished = true): ShiftRow => ({
  id,
  finished,
  ...(correct !== undefined ? { correct } : {}),
  flags,
});

describe('failureShift', () => {
  it('puts every question both lanes finished in one outcome cell and one flag cell', () => {
    const a = [
      row('q1', false, ['coverageGap', 'evidenceLost']),
      row('q2', true),
      row('q3', true, ['stoppingCalibration']),
      row('q4', false, ['compositionFailure']),
      row('q5', false, [], false),
      row('q6', true),
      row('q7', undefined),
    ];
    const b = [
      row('q1', true),
      row('q2', false, ['evidenceLost']),
      row('q3', true),
      row('q4', false, ['compositionFailure']),
      row('q5', true),
      row('q7', true),
    ];
    const s = failureShift({ name: 'ircot', rows: a }, { name: 'bdtr', rows: b });
    expect(s.outcomes).toEqual({ fixed: ['q1'], broken: ['q2'], bothRight: ['q3'], bothWrong: ['q4'] });
    expect(s.questions).toBe(4);
    expect(Object.values(s.outcomes).flat()).toHaveLength(s.questions);
    expect(s.flags.reduce((n, c) => n + c.questions.length, 0)).toBe(s.questions);
    expect(s.flags).toEqual([
      { from: 'coverageGap', to: 'none', questions: ['q1'] },
      { from: 'compositionFailure', to: 'compositionFailure', questions: ['q4'] },
      { from: 'stoppingCalibration', to: 'none', questions: ['q3'] },
      { from: 'none', to: 'evidenceLost', questions: ['q2'] },
    ]);
    expect(s.perQuestion.find((p) => p.id === 'q1')).toEqual({
      id: 'q1',
      outcome: 'fixed',
      flagsA: ['coverageGap', 'evidenceLost'],
      flagsB: [],
    });
    expect(s.notCompared).toEqual([
      { id: 'q5', reason: 'ircot did not finish it' },
      { id: 'q6', reason: 'only ircot ran it' },
      { id: 'q7', reason: 'no answer, or no gold answer, to judge it by' },
    ]);
  });
});
