// The failure shift between the first two strategies of a run (core/eval/failure-shift.ts), as the
// terminal shows it: the outcome matrix and the flag moves, each cell with its questions.
import type { StrategyBatchResult } from '../core/batch/strategy.ts';
import { failureShift, shiftRows, type FailureShift } from '../core/eval/failure-shift.ts';
import { strategyTitle } from '../core/strategies/registry.ts';
import { printable } from './printable.ts';
import { formatTable } from './table.ts';

/** Questions listed per cell before "… and N more". */
const LISTED = 6;

const list = (ids: readonly string[]) =>
  ids.length === 0
    ? '—'
    : ids
        .slice(0, LISTED)
        .map((id) => printable(id))
        .join(', ') + (ids.length > LISTED ? ` … and ${ids.length - LISTED} more` : '');

/** The shift between two results (A = the first, B = the second). */
export function shiftOf(a: StrategyBatchResult, b: StrategyBatchResult): FailureShift {
  return failureShift(
    { name: a.strategy, rows: shiftRows(a.traces, a.questionDiagnostics) },
    { name: b.strategy, rows: shiftRows(b.traces, b.questionDiagnostics) },
  );
}

export function shiftTable(s: FailureShift): string {
  const A = strategyTitle(s.a);
  const B = strategyTitle(s.b);
  const o = s.outcomes;
  const outcome = formatTable(
    [`${A} \\ ${B}`, `${B} right`, `${B} wrong`],
    [
      [`${A} right`, `${o.bothRight.length}: ${list(o.bothRight)}`, `${o.broken.length} broken: ${list(o.broken)}`],
      [`${A} wrong`, `${o.fixed.length} fixed: ${list(o.fixed)}`, `${o.bothWrong.length}: ${list(o.bothWrong)}`],
    ],
  );
  const flags = formatTable(
    [`flag in ${A}`, `flag in ${B}`, 'questions', 'which'],
    s.flags.map((c) => [c.from, c.to, c.questions.length, list(c.questions)]),
  );
  return [
    `Failure shift ${A} -> ${B} over the ${s.questions} questions both ran (correct by each run's basis; a question's flag is its first flagged diagnostic)`,
    outcome,
    flags,
    ...(s.notCompared.length
      ? [`not compared: ${s.notCompared.length} (e.g. ${printable(s.notCompared[0]!.id)}: ${s.notCompared[0]!.reason})`]
      : []),
  ].join('\n');
}
