// Records are data: a trace whose events name the module "__proto__" (or "constructor") is not a
// Hopscope trace: --score-traces refuses it naming the file, a resume sets it aside and runs the question
// again, and no object anywhere gains fields (Object.prototype is untouched). Counts keyed by data are
// Maps or own properties.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { batchFacts } from '../../src/cli/strategy-report.ts';
import { summarize } from '../../src/core/eval/summary.ts';
import { loadTrace, TraceFormatError } from '../../src/core/trace/load.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import { runCli as run } from '../support/cli-runner.ts';
import { scratch, writeTinyDataset } from '../support/scratch.ts';

const scratchDir = scratch('records');
const fresh = scratchDir.fresh;

const dataset = async () => writeTinyDataset(await fresh('data'));

const argv = (data: string, traces: string) => [
  '--dataset',
  data,
  '--retriever',
  'bm25',
  '--strategy',
  'static',
  '--llm',
  'offline',
  '--traces',
  traces,
];

/** A folder with one real trace whose llm events now name `module`. */
async function poisoned(module: string) {
  const data = await dataset();
  const traces = await fresh('traces');
  expect((await run(argv(data, traces))).code).toBe(0);
  const [name] = (await readdir(traces)).filter((f) => f.endsWith('.json'));
  const file = join(traces, name!);
  const trace = JSON.parse(await readFile(file, 'utf8')) as Trace;
  const llm = trace.events.filter((e) => e.type === 'llm');
  expect(llm.length).toBeGreaterThan(0);
  for (const e of trace.events) if (e.type === 'llm' || e.type === 'context') e.module = module;
  await writeFile(file, JSON.stringify(trace));
  return { data, traces, file };
}

const clean = () => {
  const probe = {} as Record<string, unknown>;
  return ['calls', 'cached', 'prompt', 'completion', 'total'].every((k) => probe[k] === undefined);
};
afterEach(() => {
  expect(clean()).toBe(true); // no test may leave Object.prototype changed
});

describe('module names in traces are checked', () => {
  it.each(['__proto__', 'constructor', 'toString'])('a trace naming the module %s is not a trace', async (module) => {
    const { file } = await poisoned(module);
    const text = await readFile(file, 'utf8');
    expect(() => loadTrace(text, file)).toThrow(TraceFormatError);
  });

  it('--score-traces refuses it, naming the file; nothing is polluted', async () => {
    const { data, traces, file } = await poisoned('__proto__');
    const r = await run(['--dataset', data, '--score-traces', traces]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(file.split('/').at(-1));
    expect(r.stderr).not.toContain('internal error');
    expect(clean()).toBe(true);
  });

  it('a resume sets it aside and runs the question again', async () => {
    const { data, traces } = await poisoned('__proto__');
    const r = await run(argv(data, traces));
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('the question runs again');
    expect((await readdir(traces)).some((f) => f.includes('.unreadable-'))).toBe(true);
    expect(clean()).toBe(true);
  });
});

describe('counts keyed by data', () => {
  it('a route named "__proto__" is counted as its own key', () => {
    const trace = (route: string) =>
      ({
        options: {},
        events: [{ type: 'thought', t: 0, round: 0, kind: 'route', text: `route: ${route} (why)` }],
      }) as unknown as Trace;
    const facts = batchFacts({}, [trace('__proto__'), trace('__proto__'), trace('ircot')]);
    expect(Object.getOwnPropertyNames(facts.routes)).toEqual(['__proto__', 'ircot']);
    expect(Object.getOwnPropertyDescriptor(facts.routes, '__proto__')?.value).toBe(2);
    expect(Object.getPrototypeOf(facts.routes)).toBe(Object.prototype);
  });

  it('a question type named "__proto__" is a summary group like any other', () => {
    const row = (id: string, type: string, r: number) => ({ id, type, recall: { 5: r }, allGold: { 5: r } });
    const s = summarize([row('a', '__proto__', 1), row('b', '__proto__', 0), row('c', 'bridge', 1)], [5]);
    expect(Object.getOwnPropertyNames(s.byType)).toEqual(['__proto__', 'bridge']);
    expect(Object.getOwnPropertyDescriptor(s.byType, '__proto__')?.value).toMatchObject({ count: 2 });
    expect(Object.getPrototypeOf(s.byType)).toBe(Object.prototype);
  });
});
