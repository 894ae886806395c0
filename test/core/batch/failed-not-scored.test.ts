// Core's batch summary, the one both hosts read (the CLI prints it, the browser batch plots it): a failed
// question is counted, never scored; a batch where none completed has no metric (null, not 0).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pairedComparisons, summarizeTraces } from '../../../src/core/batch/strategy.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import type { Trace } from '../../../src/core/trace/schema.ts';

const done = loadTrace(
  JSON.parse(readFileSync(new URL('../../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8')),
);
/** The same run, failed: its partial trace would score its recall (and 0 EM) if it were read as a result. */
const failedAs = (t: Trace, id: string): Trace => ({
  ...t,
  id: `${t.id}-${id}`,
  status: 'failed',
  question: { ...t.question, id },
});

describe('summarizeTraces: failures are never results', () => {
  it('means over completed questions only, with completed and failed beside them', () => {
    const r = summarizeTraces('bdtr', [done, failedAs(done, 'q-failed')], [5]);
    const alone = summarizeTraces('bdtr', [done], [5]);
    expect(r.completed).toBe(1);
    expect(r.failedCount).toBe(1);
    expect(r.failed.map((f) => f.id)).toEqual(['q-failed']);
    expect(r.summary).toEqual(alone.summary); // the failed one changes no mean
    expect(r.recallByRound).toEqual(alone.recallByRound);
    expect(r.diagnostics).toEqual(alone.diagnostics);
    expect(r.questions).toHaveLength(2); // but it is listed
  });

  it('none completed: summary null (no metric), not zeros', () => {
    const r = summarizeTraces('bdtr', [failedAs(done, 'a'), failedAs(done, 'b')], [5]);
    expect(r.summary).toBeNull();
    expect(r.completed).toBe(0);
    expect(r.failedCount).toBe(2);
    expect(r.recallByRound).toEqual([]);
  });

  it('paired comparisons read the questions both completed', () => {
    const a = summarizeTraces('a', [done, failedAs(done, 'x')], [5]);
    const b = summarizeTraces('b', [done, { ...done, id: 'other', question: { ...done.question, id: 'x' } }], [5]);
    const rec = pairedComparisons([a, b], [5]).find((p) => p.metric === 'recall@5')!;
    expect(rec.interval.n).toBe(1);
    expect(rec.interval).toMatchObject({ diff: 0, lo: 0, hi: 0, verdict: 'tied' });
  });
});
