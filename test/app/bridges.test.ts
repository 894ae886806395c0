import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTrace } from '../../src/core/trace/load.ts';
import { traceBridges } from '../../src/app/trace/bridges.ts';
import { BRIDGE_RULES } from '../../src/core/eval/bridge.ts';

const trace = loadTrace(
  JSON.parse(readFileSync(new URL('../fixtures/traces/bdtr-offline-demo-01.json', import.meta.url), 'utf8')),
);

describe('the one bridge lookup of the UI', () => {
  it("uses the dataset's structured evidence when the trace has it", () => {
    const question = {
      ...trace.question,
      evidence: { hops: [], bridge: [trace.question.gold[0]!], bridgeRule: 'second-hop passage of the dataset' },
    };
    const b = traceBridges(question, trace.events);
    expect([...b.ids]).toEqual([trace.question.gold[0]]);
    expect(b.structured).toBe(true);
    expect(b.rule).toBe('second-hop passage of the dataset');
  });
  it('falls back to the labelled heuristic without evidence, and marks nothing without a question', () => {
    const b = traceBridges(trace.question, trace.events);
    expect(b.structured).toBe(false);
    expect(b.rule).toBe(BRIDGE_RULES.heuristic);
    expect(b.ids.size).toBe(1);
    expect(traceBridges(null, trace.events).ids.size).toBe(0);
  });
});
