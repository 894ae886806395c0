/* eslint-disable @typescript-eslint/no-explicit-any -- the CLI JSON output is read loosely; its shape is what these tests assert */
// DualRAG through the eval CLI end to end against the local OpenAI-compatible server (real openai client
// over 127.0.0.1): the four modules' requests, tokens by module as the server counted them, retrieval
// triggers per question, a malformed reply as a counted failure, the Acc† judge pass (Fig. 8) after the
// runs, and the DualRAG-FT export holding only correctly answered trajectories.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/eval.ts';
import { ftExample } from '../../src/core/eval/ft-export.ts';
import { startOpenAiServer, type ChatBody, type OpenAiServer } from '../support/openai-server.ts';

const DEMO = 'public/demo';
const questions = JSON.parse(await readFile(join(DEMO, 'demo.json'), 'utf8')) as {
  _id: string;
  question: string;
  answer: string;
}[];

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

/** A model that retrieves once about the question's first word group, then answers; q1 right, q2 wrong, q3 malformed. */
function reply(body: ChatBody): string {
  const text = body.messages.map((m) => m.content).join('\n');
  const last = body.messages.at(-1)!.content;
  const i = questions.findIndex((q) => text.includes(q.question));
  if (text.includes('Does the Prediction imply the Ground-truth Answer?'))
    return /Prediction: (.*)\nGround-truth Answer (.*)\n/
      .exec(text)!
      .slice(1)
      .every((x, _, a) => x === a[0])
      ? 'Yes'
      : 'No';
  if (text.includes('Your current task is to reason based on the knowledge that has been retrieved.'))
    return JSON.stringify({
      reasoning: 'I need to know about the fog-lantern.',
      need_retrieval: last.includes('(no reasoning yet)'),
    });
  if (text.includes('and to generate retrieval keywords.'))
    return i === 2
      ? 'fog-lantern: who devised it'
      : '{"entities": [{"entity": "Fog-lantern", "queries": ["fog-lantern inventor", "fog-lantern"]}]}';
  if (text.includes('Your task is to read and organize the retrieved documents'))
    return 'The fog-lantern was devised by Ione Marlow.';
  if (text.includes('Give the final answer'))
    return JSON.stringify({ answer: i === 0 ? questions[0]!.answer : 'Nowhere' });
  return 'unexpected prompt';
}

let server: OpenAiServer;
let dir: string;
beforeAll(async () => {
  server = await startOpenAiServer({
    script: (body) => ({ content: reply(body), usage: { prompt_tokens: 10, completion_tokens: 3 } }),
  });
  dir = await mkdtemp(join(tmpdir(), 'hopscope-dualrag-'));
});
afterAll(() => server.close());

const argv = (...rest: string[]) => [
  '--dataset',
  DEMO,
  '--retriever',
  'bm25',
  '--strategy',
  'dualrag',
  '--llm',
  'openai',
  '--base-url',
  server.baseURL,
  '--model',
  'test-model',
  '--limit',
  '3',
  '--cache-dir',
  'off',
  ...rest,
];

describe('eval CLI: dualrag', () => {
  it('runs over the openai client, counts the malformed reply, reports triggers, tokens by module, Acc† and exports only the correct trajectory', async () => {
    const out = join(dir, 'r.json');
    const ft = join(dir, 'ft', 'dualrag-ft.jsonl');
    const r = await run(argv('--k', '5', '--out', out, '--judge', 'openai', '--export-ft', ft));
    expect(r.code).toBe(3); // the run finished and wrote everything, but a question failed (exit 3)
    const json = (await JSON.parse(await readFile(out, 'utf8'))) as Record<string, any>;
    // q3's Entity Identifier reply is prose: a typed failure, counted, the batch goes on
    expect(json.summary.failed).toBe(1);
    expect(json.failed[0]).toMatchObject({ id: questions[2]!._id });
    expect(json.failed[0].errors[0]).toContain('dualrag.entity-identifier');
    expect(json.summary.em).toBeCloseTo(1 / 2); // over the two completed questions; the failed one is not a 0
    // Table 8: tokens by module as the server counted them (10 + 3 per call)
    expect(json.summary.tokens.byModule['dualrag.reasoner']).toMatchObject({ calls: 5, prompt: 50, completion: 15 });
    expect(json.summary.tokens.byModule['dualrag.knowledge-summarizer']).toMatchObject({ calls: 2 });
    // Fig. 3: two questions retrieved once; the failed one failed before its first retrieval
    expect(json.retrievalTriggers).toEqual([1, 2]);
    expect(r.stdout).toContain('Retrieval triggers per question (steps that retrieved: questions): 0: 1, 1: 2');
    // Acc†: judged after the runs, separate from EM, over the completed questions (the failed one is not judged)
    expect(json.judge).toMatchObject({ accDagger: 1 / 2, judged: 2, errors: 0, promptVersion: 'dualrag-fig8/1' });
    expect(json.judge.verdicts.map((v: any) => [v.accDagger, v.calls])).toEqual([
      [1, 1],
      [0, 1],
    ]);
    expect(r.stdout).toMatch(/Acc† \(LLM judge .*test-model.*not EM\): 0\.500 over 2 judged/);
    // the judge's verdicts decide the diagnostics' correctness, and the JSON and the table say so
    expect(json.summary.diagnosticsBasis).toMatchObject({ correctness: 'judge' });
    expect(json.questions.map((q: any) => q.diagnostics.correctness)).toEqual(['judge', 'judge', 'judge']);
    expect(r.stdout).toContain('correct by: judge = Acc† (LLM judge)');
    // DualRAG-FT: only q1 (correct), one line per Reasoner / Entity Identifier / Summarizer call, prompts as run
    const lines = (await readFile(ft, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => ftExample.parse(JSON.parse(l)));
    expect(lines.map((l) => [l.questionId, l.capability])).toEqual([
      [questions[0]!._id, 'reasoner'],
      [questions[0]!._id, 'entity-identifier'],
      [questions[0]!._id, 'knowledge-summarizer'],
      [questions[0]!._id, 'reasoner'],
    ]);
    const sent = server.chats().map((c) => c.body!.messages);
    for (const l of lines) expect(sent).toContainEqual(l.messages.slice(0, -1));
    expect(lines[1]!.messages.at(-1)).toEqual({
      role: 'assistant',
      content: '{"entities": [{"entity": "Fog-lantern", "queries": ["fog-lantern inventor", "fog-lantern"]}]}',
    });
    expect(r.stderr).toContain(
      '4 DualRAG-FT examples from 1 correctly answered questions (reasoner 2, entity-identifier 1, knowledge-summarizer 1)',
    );
    // every line names the model and prompt versions it came from, and that §3.2's post-processing is absent
    for (const l of lines)
      expect(l.provenance).toMatchObject({
        source: 'llm',
        model: 'test-model',
        correctBy: 'judge',
        promptVersion: expect.any(String),
        postProcessing: expect.stringMatching(/^none/),
      });
    expect(lines[0]!.provenance.prompts['dualrag.reasoner']).toBe(lines[0]!.provenance.promptVersion);
    expect(r.stderr).toContain('post-processing: none: DualRAG §3.2 entity de-duplication and summary repair');
  });

  it('rejects --export-ft without a dualrag strategy and --judge offline', async () => {
    const a = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'static',
      '--llm',
      'offline',
      '--export-ft',
      join(dir, 'x.jsonl'),
    ]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('--export-ft needs a dualrag strategy');
    const b = await run([
      '--dataset',
      DEMO,
      '--retriever',
      'bm25',
      '--strategy',
      'dualrag',
      '--llm',
      'offline',
      '--judge',
      'offline',
    ]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('the offline thinker cannot judge');
  });

  it("refuses the offline thinker's trajectories as training data unless --export-ft-offline, which labels every line", async () => {
    const ft = join(dir, 'offline', 'ft.jsonl');
    const args = ['--dataset', DEMO, '--retriever', 'bm25', '--strategy', 'dualrag', '--llm', 'offline'];
    const refused = await run([...args, '--limit', '3', '--cache-dir', 'off', '--export-ft', ft]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the offline thinker is a heuristic stand-in, not a model');
    await expect(readFile(ft, 'utf8')).rejects.toThrow(/ENOENT/);
    const asked = await run([...args, '--limit', '6', '--cache-dir', 'off', '--export-ft', ft, '--export-ft-offline']);
    expect(asked.code).toBe(0);
    const lines = (await readFile(ft, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => ftExample.parse(JSON.parse(l)));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.provenance).toMatchObject({ source: 'offline-thinker', model: 'offline-thinker' });
    expect(asked.stderr).toMatch(/written by the offline thinker \(a heuristic stand-in, labelled on each line\)/);
  });
});
