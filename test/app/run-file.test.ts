// Run files: trace + the passages it touched round-trip; bare traces still open; damage is named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeRunFile, parseRunOrTrace, RunFileError } from '../../src/app/trace/run-file.ts';
import { traceIds } from '../../src/core/trace/fold.ts';
import { loadTrace } from '../../src/core/trace/load.ts';

const text = readFileSync(new URL('../fixtures/traces/bdtr-openai-demo-02.json', import.meta.url), 'utf8');
const trace = loadTrace(JSON.parse(text));
const corpus = JSON.parse(readFileSync(new URL('../../public/demo/demo_corpus.json', import.meta.url), 'utf8')) as {
  title: string;
  text: string;
}[];
const lookup = (id: string) => {
  const p = corpus[Number(id.slice(1))];
  return p ? { id, ...p } : undefined;
};

describe('run file', () => {
  it('carries every passage the trace mentions and reads back to the same trace', () => {
    const file = makeRunFile(trace, lookup, new Date('2026-11-22T00:00:00Z'));
    expect(file.passages.map((p) => p.id)).toEqual(traceIds(trace.events));
    const back = parseRunOrTrace(JSON.stringify(file), 'run.json');
    expect(back.trace).toEqual(trace);
    expect(back.passages).toEqual(file.passages);
  });

  it('carries the LLM provider label only, never its base URL', () => {
    const at = (label: string) => `${label} @ http://127.0.0.1:8080/v1`;
    const local = {
      ...trace,
      llm: at(trace.llm),
      events: trace.events.map((e) => (e.type === 'llm' ? { ...e, provider: at(e.provider) } : e)),
    };
    const file = makeRunFile(local, lookup);
    expect(JSON.stringify(file)).not.toContain('127.0.0.1');
    expect(file.trace).toEqual(trace);
  });

  it('opens a bare trace without passages', () => {
    expect(parseRunOrTrace(text, 'trace.json')).toEqual({ trace, passages: null, branches: [] });
  });

  it('names the file and the field that is wrong', () => {
    expect(() => parseRunOrTrace('{', 'x.json')).toThrow(/x\.json is not JSON/);
    expect(() => parseRunOrTrace(JSON.stringify({ ...trace, version: 7 }), 't.json')).toThrow(
      /t\.json is not a Hopscope trace: version/,
    );
    const file = makeRunFile(trace, lookup);
    expect(() => parseRunOrTrace(JSON.stringify({ ...file, passages: file.passages.slice(1) }), 'r.json')).toThrow(
      RunFileError,
    );
    expect(() => makeRunFile(trace, () => undefined)).toThrow(/passage\(s\) of the trace are not loaded/);
  });
});
