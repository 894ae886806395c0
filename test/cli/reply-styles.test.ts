/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// Every strategy, the regimes and the judge, end to end through the real CLI and the `openai` client,
// against the local test server replying in each style real models use (test/support/reply-styles.ts):
// every style but "truncated" finishes with 0 failed questions, and the trace names the form read;
// "truncated" fails each question with the max_tokens error.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { loadTrace } from '../../src/core/trace/load.ts';
import type { Trace } from '../../src/core/trace/schema.ts';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server.ts';
import { REPLY_STYLES, replyStyleScript, type ReplyStyle } from '../support/reply-styles.ts';

// ../shared/data beside the repository (a worktree elsewhere falls back to the machine's copy)
const beside = fileURLToPath(new URL('../../../shared/data/musique', import.meta.url));
const MUSIQUE = existsSync(beside) ? beside : '/work/shared/data/musique';
const LIMIT = '3';
const NON_GEAR = [
  'static',
  'ircot',
  'irgs',
  'tog',
  'gcot',
  'bdtr',
  'bdtr-dtr',
  'bdtr-bgec',
  'planner',
  'dualrag',
  'dualrag-no-reasoner',
  'dualrag-no-ei',
  'dualrag-no-outline',
  'auto',
  'ensemble',
];

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

let dir: string;
let server: OpenAiServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hopscope-reply-styles-'));
  server = await startOpenAiServer({
    models: [...REPLY_STYLES],
    // a server without structured outputs: JSON mode at most, so every reply form reaches the parsers
    responseFormats: ['json_object'],
    script: replyStyleScript().script,
  });
});
afterAll(() => server.close());

const llms = () => REPLY_STYLES.map((s) => `openai:${s}@${server.baseURL}`).join(',');
/** Every reply style side by side on the first LIMIT questions, no reply cache, results to `file`. */
const everyStyle = (file: string) => [
  '--llm',
  llms(),
  '--limit',
  LIMIT,
  '--concurrency',
  '4',
  '--cache-dir',
  'off',
  '--out',
  file,
];
const labelOf = (style: ReplyStyle) =>
  Object.keys(out.models).find((l) => l.startsWith(`openai-compatible ${style} @`))!;
let out: any;

async function traces(folder: string): Promise<Trace[]> {
  const files: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else if (e.name.endsWith('.json')) files.push(join(d, e.name));
    }
  };
  await walk(folder);
  return Promise.all(files.map(async (f) => loadTrace(JSON.parse(await readFile(f, 'utf8')))));
}

function expectStyles(o: any, strategies: readonly string[]) {
  out = o;
  for (const style of REPLY_STYLES) {
    const model = o.models[labelOf(style)];
    for (const s of strategies) {
      const result = model.strategies?.[s] ?? model; // one strategy: its result is the model's entry
      const failed = result.failed as { id: string; errors: string[] }[];
      if (style === 'truncated') {
        expect(failed, `${style} ${s}`).toHaveLength(Number(LIMIT));
        for (const f of failed)
          expect(f.errors.join(' '), `${style} ${s}`).toMatch(/max_tokens.*finish_reason "length"/);
      } else expect(failed, `${style} ${s}: ${JSON.stringify(failed[0])}`).toEqual([]);
    }
  }
}

describe('reply styles', () => {
  it(
    'every strategy over BM25 and the judge: 0 failed in every style but truncated',
    { timeout: 900_000 },
    async () => {
      const file = join(dir, 'all.json');
      const folder = join(dir, 'traces-all');
      const r = await run([
        '--dataset',
        MUSIQUE,
        '--retriever',
        'bm25',
        '--strategy',
        NON_GEAR.join(','),
        '--judge',
        'openai',
        '--base-url',
        server.baseURL,
        '--judge-model',
        'think-first',
        '--decide',
        'llm',
        '--traces',
        folder,
        ...everyStyle(file),
      ]);
      expect(r.code, r.stderr).toBe(3); // finished, with the truncated model's questions failed
      const o = JSON.parse(await readFile(file, 'utf8'));
      expectStyles(o, NON_GEAR);
      // the judge (its reply after a think block) read a verdict for every finished answer
      for (const style of REPLY_STYLES.filter((x) => x !== 'truncated'))
        for (const st of NON_GEAR)
          expect(o.models[labelOf(style)].strategies[st].judge, `${style} ${st}`).toMatchObject({
            judged: Number(LIMIT),
            errors: 0,
          });

      // the forms read, as the traces record them
      const all = await traces(folder);
      const forms = (style: ReplyStyle, module: string) =>
        new Set(
          all
            .filter((t) => t.llm.startsWith(`openai-compatible ${style} @`))
            .flatMap((t) => t.events.filter((e) => e.type === 'llm' && e.module === module))
            .map((e) => (e.type === 'llm' ? e.replyForm : undefined)),
        );
      expect(forms('json', 'answer')).toEqual(new Set(['json']));
      expect(forms('fenced-json', 'planner.step')).toEqual(new Set(['fenced-json']));
      expect(forms('json-in-chatter', 'dualrag.reasoner')).toEqual(new Set(['json-in-text']));
      expect(forms('think-first', 'bdtr.verifier')).toEqual(new Set(['think+json']));
      expect(forms('think-first', 'ircot.step')).toEqual(new Set(['think+text-format']));
      expect(forms('paper-text', 'answer')).toEqual(new Set(['text-format']));
      expect(forms('paper-text', 'dualrag.entity-identifier')).toEqual(new Set(['text-format']));
      expect(forms('paper-text', 'planner.compose')).toEqual(new Set(['text-format']));
      expect(forms('paper-text', 'auto.route')).toEqual(new Set(['text-format']));
      // a cut reply is kept nowhere as an answer: its error names max_tokens and the module
      const cut = all.find((t) => t.llm.startsWith('openai-compatible truncated @'))!;
      expect(cut.status).toBe('failed');
      expect(cut.events.find((e) => e.type === 'error')).toMatchObject({
        message: expect.stringContaining('max_tokens'),
      });
    },
  );

  it(
    'GEAR over SyncGE (the LLM reads triples): 0 failed in every style but truncated',
    { timeout: 900_000 },
    async () => {
      const file = join(dir, 'gear.json');
      const r = await run([
        '--dataset',
        MUSIQUE,
        '--retriever',
        'syncge',
        '--base',
        'bm25',
        '--strategy',
        'gear',
        ...everyStyle(file),
      ]);
      expect(r.code, r.stderr).toBe(3);
      expectStyles(JSON.parse(await readFile(file, 'utf8')), ['gear']);
    },
  );

  it(
    'the regimes (no context, gold context, iterative): 0 failed in every style but truncated',
    { timeout: 900_000 },
    async () => {
      const file = join(dir, 'regimes.json');
      const r = await run([
        '--dataset',
        MUSIQUE,
        '--retriever',
        'bm25',
        '--strategy',
        'planner,static',
        '--regime',
        'iterative,no-context,gold-context',
        ...everyStyle(file),
      ]);
      expect(r.code, r.stderr).toBe(3);
      const o = JSON.parse(await readFile(file, 'utf8'));
      out = o;
      for (const style of REPLY_STYLES) {
        for (const s of ['planner', 'static']) {
          const regimes = o.models[labelOf(style)].strategies[s].regimes;
          for (const regime of ['iterative', 'no-context', 'gold-context']) {
            const failed = regimes[regime].failed;
            if (style === 'truncated') expect(failed, `${style} ${s} ${regime}`).toHaveLength(Number(LIMIT));
            else expect(failed, `${style} ${s} ${regime}`).toEqual([]);
          }
        }
      }
    },
  );

  it(
    'against a server with json_schema: the schema is sent and no JSON reply needed repair',
    { timeout: 900_000 },
    async () => {
      const schemaServer = await startOpenAiServer({ models: [...REPLY_STYLES], script: replyStyleScript().script });
      try {
        const folder = join(dir, 'traces-schema');
        const styles = REPLY_STYLES.filter((x) => x !== 'truncated');
        const r = await run([
          '--dataset',
          MUSIQUE,
          '--retriever',
          'bm25',
          '--strategy',
          'static,bdtr,planner,dualrag,auto',
          '--decide',
          'llm',
          '--llm',
          styles.map((x) => `openai:${x}@${schemaServer.baseURL}`).join(','),
          '--limit',
          LIMIT,
          '--concurrency',
          '4',
          '--cache-dir',
          'off',
          '--traces',
          folder,
          '--out',
          join(dir, 'schema.json'),
        ]);
        expect(r.code, r.stderr).toBe(0);
        const json = (await traces(folder)).flatMap((t) =>
          t.events.filter((e) => e.type === 'llm' && e.structured !== undefined),
        );
        expect(json.length).toBeGreaterThan(0);
        for (const e of json) {
          expect(e).toMatchObject({ structured: 'json_schema', replyForm: 'json' });
        }
        expect(new Set(json.map((e) => (e.type === 'llm' ? e.module : '')))).toEqual(
          new Set([
            'answer',
            'bdtr.verifier',
            'planner.step',
            'planner.compose',
            'dualrag.reasoner',
            'dualrag.entity-identifier',
            'dualrag.answer',
            'auto.route',
          ]),
        );
        const sent = schemaServer.chats().filter((c) => c.body?.response_format?.type === 'json_schema');
        expect(sent.length).toBe(json.length);
      } finally {
        await schemaServer.close();
      }
    },
  );
});
