/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// The eval CLI's regimes (paper 004: no-context, gold-context = oracle, iterative), the six diagnostics
// in every summary, and models side by side: the offline thinker and a model on the local
// OpenAI-compatible test server in one batch.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { DIAGNOSTICS } from '../../src/core/eval/diagnostics/index.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';

const DEMO = 'public/demo';

async function run(argv: string[]) {
  const io = {
    stdout: '',
    stderr: '',
    out: (t: string) => void (io.stdout += t + '\n'),
    err: (t: string) => void (io.stderr += t + '\n'),
  } satisfies Io & Record<string, unknown>;
  const code = await main(argv, io);
  return { code, ...io };
}
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Record<string, any>;

let dir: string;
let server: OpenAiServer;
let questions: { _id: string; question: string; answer: string }[];

/** A scripted model that knows every answer without context, but is led astray by retrieval on question 0. */
function script(body: ChatBody) {
  const last = body.messages.at(-1)?.content ?? '';
  const system = body.messages[0]?.content ?? '';
  const i = questions.findIndex((q) => last.includes(q.question));
  const right = questions[i]?.answer ?? 'unknown';
  if (system.startsWith('You plan the retrieval'))
    return {
      content: JSON.stringify({ partial_answer: 'scripted', action: 'finalize', sufficiency: 0.8, anchors: [] }),
    };
  if (system.startsWith('You write the final answer')) {
    const none = last.includes('(no documents)');
    return {
      content: JSON.stringify({ answer: i === 0 && !none ? 'Nowhere at all' : right, citations: none ? [] : [1] }),
    };
  }
  return { content: JSON.stringify({ thought: 'scripted', answer: right }) };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-regimes-'));
  questions = JSON.parse(await readFile(join(DEMO, 'demo.json'), 'utf8'));
  server = await startOpenAiServer({ script });
});
afterAll(() => server.close());

describe('--regime', () => {
  it('writes { regimes: { name: { summary, questions } } }, labels gold-context an oracle, and diagnoses every regime', async () => {
    const out = join(dir, 'regimes.json');
    const traces = join(dir, 'traces');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'planner',
      '--llm',
      'offline',
      '--regime',
      'iterative,gold-context,no-context',
      '--k',
      '5',
      '--cache-dir',
      'off',
      '--traces',
      traces,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('gold-context (oracle)');
    expect(r.stdout).toContain('Diagnostics (paper 004)');
    const json = await readJson(out);
    expect(Object.keys(json.regimes)).toEqual(['no-context', 'iterative', 'gold-context']);
    expect(json.regimes['gold-context']).toMatchObject({ regime: 'gold-context', oracle: true });
    expect(json.regimes['gold-context'].summary['recall@5']).toBe(1);
    expect(json.regimes['no-context'].summary['recall@5']).toBe(0);
    for (const name of ['no-context', 'iterative', 'gold-context'])
      expect(Object.keys(json.regimes[name].summary.diagnostics)).toEqual([...DIAGNOSTICS]);
    const it = json.regimes.iterative;
    expect(it.summary.diagnostics.coverageGap.applicable).toBe(15);
    expect(it.summary.diagnostics.parametricSuppression.note).toBeUndefined(); // the no-context regime ran first
    expect(it.summary.diagnosticsBasis).toMatchObject({
      structured: expect.any(Number),
      passagesOnly: expect.any(Number),
      correctness: 'substring',
    });
    expect(it.questions[0].diagnostics).toMatchObject({
      id: it.questions[0].id,
      regime: 'iterative',
      coverageGap: { applicable: true },
    });
    const files = await readdir(traces);
    expect(files.filter((f) => f.startsWith('planner-gold-context-'))).toHaveLength(15);
    const oracle = loadTrace(
      await readFile(
        join(
          traces,
          files.find((f) => f.startsWith('planner-gold-context-'))!,
        ),
        'utf8',
      ),
    );
    expect(oracle.regime).toBe('gold-context');
    expect(oracle.options.oracle).toMatch(/oracle/);
    const ctx = oracle.events.find((e) => e.type === 'context');
    expect(ctx?.type === 'context' && [...ctx.ids].sort()).toEqual([...oracle.question.gold].sort());
    const blind = loadTrace(
      await readFile(
        join(
          traces,
          files.find((f) => f.startsWith('planner-no-context-'))!,
        ),
        'utf8',
      ),
    );
    expect(blind.events.find((e) => e.type === 'context')).toMatchObject({ ids: [] });
  });

  it('keeps oracle and no-context runs out of the strategy complementarity', async () => {
    const out = join(dir, 'two.json');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static,planner',
      '--llm',
      'offline',
      '--regime',
      'no-context,iterative',
      '--k',
      '5',
      '--limit',
      '4',
      '--cache-dir',
      'off',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const json = await readJson(out);
    expect(Object.keys(json.strategies.planner.regimes)).toEqual(['no-context', 'iterative']);
    expect(json.complementarity.byEm).toEqual([expect.objectContaining({ a: 'static', b: 'planner', shared: 4 })]);
  });

  it('rejects an unknown regime', async () => {
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'planner',
      '--llm',
      'offline',
      '--regime',
      'oracle',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown regime "oracle"');
  });
});

describe('models side by side', () => {
  it('runs the offline thinker and a server model on the same questions; parametricSuppression fires where retrieval misled the model', async () => {
    const out = join(dir, 'models.json');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'planner',
      '--llm',
      `offline,openai:test-model@${server.baseURL}`,
      '--regime',
      'no-context,iterative',
      '--limit',
      '5',
      '--k',
      '5',
      '--cache-dir',
      'off',
      '--traces',
      join(dir, 'mt'),
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Models side by side');
    const json = await readJson(out);
    expect(json.llms).toHaveLength(2);
    expect(json.llms[0]).toBe('offline thinker (no LLM)');
    const served = json.models[json.llms[1]];
    expect(served.regimes['no-context'].summary.acc).toBe(1);
    const ps = served.regimes.iterative.summary.diagnostics.parametricSuppression;
    expect(ps).toMatchObject({ applicable: 5, flagged: 1, rate: 0.2 });
    const q0 = served.regimes.iterative.questions.find((q: any) => q.id === questions[0]!._id);
    expect(q0.diagnostics.parametricSuppression.evidence[0].note).toMatch(/no context answered .* \(right\)/);
    expect((await readdir(join(dir, 'mt'))).length).toBe(2); // one trace folder per model
  });
});
