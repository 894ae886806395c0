// With an LLM configured, the CLI's backbones use it: RAPTOR's cluster summaries, GraphRAG's community
// reports and HippoRAG 2's recognition-memory filter are requested from the local OpenAI-compatible
// server, and every trace names the summariser, the report writer or the filter model.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import { TINY_MODEL, tinyEncoderRoot } from '../../harness/tiny-encoder.ts';
import { backboneCall, backboneReply } from '../support/backbone-replies.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';

const DEMO = 'public/demo';

let server: OpenAiServer;
let dir: string;
beforeAll(async () => {
  server = await startOpenAiServer();
  server.setScript(backboneReply);
  dir = await mkdtemp(join(tmpdir(), 'hopscope-backbone-llm-'));
});
afterAll(async () => server?.close());

async function run(argv: string[]) {
  const io: Io & { stderr: string } = { stderr: '', out: () => {}, err: (t) => void (io.stderr += t + '\n') };
  const code = await main(argv, io);
  return { code, stderr: io.stderr };
}

describe('the CLI builds raptor, graphrag and hipporag2 with the configured LLM', () => {
  it.each([
    ['raptor', 'summary', 'summaries', /^LLM summary \(raptor-summarize\/1, openai-compatible test-model/],
    [
      'graphrag',
      'report',
      'reports',
      /^LLM community report \(graphrag-community-report\/1-short, openai-compatible test-model/,
    ],
    [
      'hipporag2',
      'filter',
      'factFilter',
      /^recognition memory \(hipporag2-dspy-filter\/1, openai-compatible test-model/,
    ],
  ] as const)('%s: %s calls go to the server and the trace names them', async (backbone, call, option, label) => {
    const before = server.chats().length;
    const traces = join(dir, backbone);
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      backbone,
      '--strategy',
      'static',
      '--llm',
      `openai:test-model@${server.baseURL}`,
      '--limit',
      '2',
      '--cache-dir',
      'off',
      '--traces',
      traces,
    ]);
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    const calls = server
      .chats()
      .slice(before)
      .map((c) => backboneCall(c.body!));
    expect(calls.filter((c) => c === call).length).toBeGreaterThan(0);
    const files = (await readdir(traces)).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(2);
    for (const f of files) {
      const trace = loadTrace(await readFile(join(traces, f), 'utf8'));
      expect(String(trace.options[option])).toMatch(label);
      expect(trace.options.built).toBeTypeOf('string');
    }
  });

  it('without an LLM the labelled extractive stand-ins build raptor and graphrag, and no filter runs', async () => {
    for (const [backbone, option, label] of [
      ['raptor', 'summaries', /extractive summary \(no LLM/],
      ['graphrag', 'reports', /extractive community report \(no LLM/],
      ['hipporag2', 'factFilter', /^none \(no LLM configured/],
    ] as const) {
      const traces = join(dir, `${backbone}-offline`);
      const r = await run([
        '--dataset',
        DEMO,
        '--retriever',
        backbone,
        '--strategy',
        'static',
        '--llm',
        'offline',
        '--limit',
        '1',
        '--traces',
        traces,
      ]);
      expect(r.code).toBe(0);
      const [file] = (await readdir(traces)).filter((f) => f.endsWith('.json'));
      expect(String(loadTrace(await readFile(join(traces, file!), 'utf8')).options[option])).toMatch(label);
    }
  });
});

describe('one behaviour in every host', () => {
  it('GEAR over bm25 runs over NaiveGE with bm25 as its base, and the trace says so', async () => {
    const traces = join(dir, 'gear-bm25');
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'gear',
      '--llm',
      'offline',
      '--limit',
      '1',
      '--traces',
      traces,
    ]);
    expect(r.code).toBe(0);
    const [file] = (await readdir(traces)).filter((f) => f.endsWith('.json'));
    const trace = loadTrace(await readFile(join(traces, file!), 'utf8'));
    expect(trace.retriever).toBe('bm25');
    expect(trace.options.graphExpansion).toBe('naivege over bm25');
    expect(trace.status).toBe('done');
  });

  it('hipporag2 with a dense base runs in the CLI (the tiny encoder)', async () => {
    const model = join(await tinyEncoderRoot(), TINY_MODEL);
    const r = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'hipporag2',
      '--base',
      'dense',
      '--model',
      model,
      '--limit',
      '2',
      '--k',
      '2,5',
    ]);
    expect(r.stderr).not.toContain('usage:');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('seeds: retrieved facts, scored by');
  });
});

describe('--query-ner: HippoRAG’s query NER file gives hipporag2 and graphrag their query entities', () => {
  it('reads the file, names it in the trace, and refuses it for a backbone without query entities', async () => {
    const questions = JSON.parse(await readFile(join(DEMO, 'demo.json'), 'utf8')) as { question: string }[];
    const tsv = join(dir, 'queries.named_entity_output.tsv');
    const cell = JSON.stringify({ named_entities: ['Ed Wood'] }).replace(/"/g, '""');
    await writeFile(tsv, `\tUnnamed: 0\t0\tquery\ttriples\n0\t0\t0\t${questions[0]!.question}\t"${cell}"\n`);
    for (const backbone of ['hipporag2', 'graphrag']) {
      const traces = join(dir, `${backbone}-query-ner`);
      const r = await run([
        '--dataset',
        DEMO,
        '--retriever',
        backbone,
        '--query-ner',
        tsv,
        '--strategy',
        'static',
        '--llm',
        'offline',
        '--limit',
        '1',
        '--traces',
        traces,
      ]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('query entities: 1 queries from queries.named_entity_output.tsv');
      const [file] = (await readdir(traces)).filter((f) => f.endsWith('.json'));
      expect(loadTrace(await readFile(join(traces, file!), 'utf8')).options.queryEntities).toMatch(
        /^query NER file queries\.named_entity_output\.tsv \(1 queries/,
      );
    }
    const bad = await run(['--dataset', DEMO, '--retriever', 'bm25', '--query-ner', tsv]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--query-ner is an option of --retriever hipporag2 or graphrag');
  });
});
