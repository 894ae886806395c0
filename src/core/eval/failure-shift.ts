// Failure shift between two lanes of a batch (two strategies, backbones, LLMs or option sets): per
// question that both lanes ran to the end, whether B fixed what A got wrong, broke what A got right, or
// both agree, and how its diagnostic flag moved (A's flag -> B's flag). The middle of an analyst's
// macro-to-micro path (batch -> which questions shifted and why -> one question -> a what-if). Every
// cell lists its questions, and the cells of each matrix add up to the questions both lanes ran.
import { DIAGNOSTICS, type DiagnosticName, type QuestionDiagnostics } from './diagnostics/index.ts';
import type { Trace } from '../trace/schema.ts';

/** One question of one lane: whether it finished, whether it was right, which diagnostics it flags. */
export interface ShiftRow {
  id: string;
  /** False for a run that failed or was stopped (it is not compared). */
  finished: boolean;
  /** Right by the lane's correctness basis (Acc, or the judge's Acc†); undefined when unknown (no gold answer). */
  correct?: boolean;
  /** Flagged diagnostics, in the DIAGNOSTICS order. */
  flags: DiagnosticName[];
}

export type ShiftOutcome = 'fixed' | 'broken' | 'bothRight' | 'bothWrong';
/** A question's flag for the matrix: its first flagged diagnostic in the DIAGNOSTICS order, or none. */
export type ShiftFlag = DiagnosticName | 'none';

const primary = (flags: readonly DiagnosticName[]): ShiftFlag => flags[0] ?? 'none';

/**
 * The questions both lanes ran to the end with a known correctness (what every matrix adds up to): their
 * outcomes (fixed: wrong in A, right in B; broken: right in A, wrong in B), the flag in A -> flag in B cells
 * that hold a question, and per question its outcome and both lanes' flags in full; the questions not
 * compared (one lane lacks them, did not finish them, or has no gold answer) with why.
 */
export function failureShift(
  a: { name: string; rows: readonly ShiftRow[] },
  b: { name: string; rows: readonly ShiftRow[] },
) {
  const byB = new Map(b.rows.map((r) => [r.id, r]));
  const ids = [...new Set([...a.rows.map((r) => r.id), ...b.rows.map((r) => r.id)])];
  const byA = new Map(a.rows.map((r) => [r.id, r]));
  const outcomes: Record<ShiftOutcome, string[]> = { fixed: [], broken: [], bothRight: [], bothWrong: [] };
  const cells = new Map<string, { from: ShiftFlag; to: ShiftFlag; questions: string[] }>();
  const perQuestion: { id: string; outcome: ShiftOutcome; flagsA: DiagnosticName[]; flagsB: DiagnosticName[] }[] = [];
  const notCompared: { id: string; reason: string }[] = [];
  for (const id of ids) {
    const x = byA.get(id);
    const y = byB.get(id);
    if (!x || !y) {
      notCompared.push({ id, reason: `only ${x ? a.name : b.name} ran it` });
      continue;
    }
    if (!x.finished || !y.finished) {
      notCompared.push({ id, reason: `${!x.finished ? a.name : b.name} did not finish it` });
      continue;
    }
    if (x.correct === undefined || y.correct === undefined) {
      notCompared.push({ id, reason: 'no answer, or no gold answer, to judge it by' });
      continue;
    }
    const outcome: ShiftOutcome =
      x.correct && y.correct ? 'bothRight' : !x.correct && !y.correct ? 'bothWrong' : y.correct ? 'fixed' : 'broken';
    outcomes[outcome].push(id);
    const from = primary(x.flags);
    const to = primary(y.flags);
    const key = `${from}\u0000${to}`;
    const cell = cells.get(key) ?? { from, to, questions: [] };
    cell.questions.push(id);
    cells.set(key, cell);
    perQuestion.push({ id, outcome, flagsA: [...x.flags], flagsB: [...y.flags] });
  }
  const order = (f: ShiftFlag) => (f === 'none' ? DIAGNOSTICS.length : DIAGNOSTICS.indexOf(f));
  return {
    a: a.name,
    b: b.name,
    questions: perQuestion.length,
    outcomes,
    flags: [...cells.values()].sort((p, q) => order(p.from) - order(q.from) || order(p.to) - order(q.to)),
    perQuestion,
    notCompared,
  };
}

export type FailureShift = ReturnType<typeof failureShift>;

/** A lane's rows from its traces and their diagnostics (matched by question id). */
export function shiftRows(traces: readonly Trace[], diagnostics: readonly QuestionDiagnostics[]): ShiftRow[] {
  const byId = new Map(diagnostics.map((d) => [d.id, d]));
  return traces.map((t) => {
    const d = byId.get(t.question.id);
    return {
      id: t.question.id,
      finished: t.status === 'done',
      ...(d?.correct !== undefined ? { correct: d.correct } : {}),
      flags: d ? DIAGNOSTICS.filter((n) => d[n].flagged) : [],
    };
  });
}
