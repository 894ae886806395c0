// The CLI side of the LLM layer: --llm parsing, the file cache (rerun = zero requests), replay from
// a trace file, and a search for the API key in everything we write or show.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LlmAuthError,
  LlmConfigError,
  LlmModelNotFoundError,
  LlmUnreachableError,
} from '../../../src/core/llm/errors.ts';
import type { LlmRequest } from '../../../src/core/llm/port.ts';
import { costsOf, foldTrace } from '../../../src/core/trace/fold.ts';
import { llmEvent } from '../../../src/core/trace/recorder.ts';
import { loadTrace } from '../../../src/core/trace/load.ts';
import { createLlmFromSpec, LlmSpecError, llmSpecFrom } from '../../../src/cli/llm-spec.ts';
import { FileLlmCacheStore } from '../../../src/cli/llm-file-cache.ts';
import { OpenAiCompatibleProvider } from '../../../src/providers/llm/openai-compatible.ts';
import { queue, startOpenAiServer, type OpenAiServer } from '../../support/openai-server.ts';

const KEY = 'sk-hopscope-test-SECRET-9f3a71';
let server: OpenAiServer;
let dir: string;
beforeAll(async () => {
  server = await startOpenAiServer({
    apiKey: KEY,
    script: (b) => ({ content: `reply to ${b.messages.at(-1)?.content}` }),
  });
  dir = await mkdtemp(join(tmpdir(), 'hopscope-llm-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

// 'test.echo' has no prompt parser, so the cache keeps any non-empty reply (answer replies must parse: test/cli/trust.test.ts)
const req = (content: string, module = 'test.echo'): LlmRequest => ({ module, messages: [{ role: 'user', content }] });

describe('llmSpecFrom', () => {
  it('reads the three forms', () => {
    expect(llmSpecFrom({ llm: 'offline' })).toEqual({ kind: 'offline' });
    expect(llmSpecFrom({ llm: 'replay:runs/t.json' })).toEqual({ kind: 'replay', path: 'runs/t.json' });
    expect(
      llmSpecFrom({ llm: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5:7b', apiKeyEnv: 'MY_KEY' }),
    ).toEqual({
      kind: 'openai',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5:7b',
      apiKeyEnv: 'MY_KEY',
      jsonMode: true,
    });
    expect(llmSpecFrom({ llm: 'openai', baseUrl: 'http://h/v1', model: 'm', jsonMode: false })).toMatchObject({
      model: 'm',
      jsonMode: false,
    });
  });
  it.each([
    [{}, 'no --llm'],
    [{ llm: 'gpt' }, 'unknown --llm "gpt"'],
    [{ llm: 'openai', model: 'm' }, 'needs --base-url'],
    [{ llm: 'openai', baseUrl: 'localhost:1234' }, 'must be http(s)'],
    [{ llm: 'openai', baseUrl: 'http://h/v1' }, 'needs --model'],
    [{ llm: 'replay:' }, 'needs the trace file'],
  ])('refuses %j', (flags, message) => {
    expect(() => llmSpecFrom(flags)).toThrow(LlmSpecError);
    expect(() => llmSpecFrom(flags)).toThrow(message);
  });
});

describe('createLlmFromSpec', () => {
  it('openai: the file cache makes a rerun free: zero requests, identical results', async () => {
    const cacheDir = join(dir, 'cache-rerun');
    const spec = llmSpecFrom({ llm: 'openai', baseUrl: server.baseURL, model: 'test-model', apiKeyEnv: 'K' });
    const batch = [req('q1'), req('q2', 'bdtr.fast-thought'), req('q3')];
    const first = await createLlmFromSpec(spec, { cacheDir, env: { K: KEY } });
    const a = await Promise.all(batch.map((r) => first.llm.complete(r)));
    const requests = server.chats().length;
    const second = await createLlmFromSpec(spec, { cacheDir, env: { K: KEY } });
    const b = await Promise.all(batch.map((r) => second.llm.complete(r)));
    expect(server.chats().length).toBe(requests);
    expect(b.map((r) => r.text)).toEqual(a.map((r) => r.text));
    expect(b.every((r) => r.cached)).toBe(true);
    expect(await second.cache!.count()).toBe(3);
  });

  it('openai: a missing key variable is a clear error; a wrong key is LlmAuthError', async () => {
    const spec = llmSpecFrom({ llm: 'openai', baseUrl: server.baseURL, model: 'test-model', apiKeyEnv: 'NOPE' });
    await expect(createLlmFromSpec(spec, { env: {} })).rejects.toThrow(
      '--api-key-env NOPE: that environment variable is not set',
    );
    const { llm } = await createLlmFromSpec(spec, { env: { NOPE: 'sk-wrong' }, cacheDir: false });
    await expect(llm.complete(req('q'))).rejects.toBeInstanceOf(LlmAuthError);
  });

  it('offline: without the thinker wired in, a clear typed error', async () => {
    const e = await createLlmFromSpec({ kind: 'offline' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LlmConfigError);
    expect((e as LlmConfigError).userMessage).toContain('--llm replay');
  });

  it('replay: a trace written to disk answers the same requests with no server', async () => {
    const provider = new OpenAiCompatibleProvider({ baseURL: server.baseURL, model: 'test-model', apiKey: KEY });
    const r = await provider.complete(req('Where was Vell born?'));
    const trace = loadTrace({
      version: 1,
      id: 't1',
      createdAt: new Date(0).toISOString(),
      strategy: 'bdtr',
      retriever: 'bm25',
      llm: provider.label,
      options: {},
      corpus: { id: 'c', name: 'c' },
      question: { id: 'q', question: 'Where was Vell born?', answers: [], gold: [] },
      events: [llmEvent(req('Where was Vell born?'), r, { t: 0, round: 1 })],
      status: 'done',
    });
    const file = join(dir, 'traces.jsonl');
    await writeFile(file, JSON.stringify(trace) + '\n');
    const before = server.chats().length;
    const replay = await createLlmFromSpec(llmSpecFrom({ llm: `replay:${file}` }));
    expect((await replay.llm.complete(req('Where was Vell born?'))).text).toBe(r.text);
    expect(server.chats().length).toBe(before);
    await writeFile(join(dir, 'bad.json'), '{"version": 1}');
    await expect(createLlmFromSpec({ kind: 'replay', path: join(dir, 'bad.json') })).rejects.toThrow(
      'trace 0 is not a Hopscope trace',
    );
  });
});

describe('the API key never leaves the request header', () => {
  it('is absent from traces, cache files, labels, errors, user messages and token reports', async () => {
    const cacheDir = join(dir, 'cache-leak');
    const spec = llmSpecFrom({ llm: 'openai', baseUrl: server.baseURL, model: 'test-model', apiKeyEnv: 'K' });
    if (spec.kind !== 'openai') throw new Error('expected an openai spec');
    const cli = await createLlmFromSpec(spec, { cacheDir, env: { K: KEY }, retries: 0 });
    const request = req('q-leak');
    const response = await cli.llm.complete(request);
    // It did go to the server, as a bearer token.
    expect(server.chats().at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const event = llmEvent(request, response, { t: 0, round: 0 });
    const outputs: string[] = [
      JSON.stringify(event),
      JSON.stringify(response),
      cli.label,
      JSON.stringify(costsOf(foldTrace([event]))),
    ];
    for (const shard of await readdir(cacheDir))
      for (const f of await readdir(join(cacheDir, shard)))
        outputs.push(await readFile(join(cacheDir, shard, f), 'utf8'));

    // Errors of every kind, including a server that echoes the key back in its error text.
    const errors: unknown[] = [];
    server.setScript(queue({ fault: { kind: 'status', status: 400, message: `bad request for key ${KEY}` } }));
    errors.push(await cli.llm.complete(req('e1')).catch((x: unknown) => x));
    server.setScript(queue({ fault: { kind: 'status', status: 500, message: `internal error, key=${KEY}` } }));
    errors.push(await cli.llm.complete(req('e2')).catch((x: unknown) => x));
    server.setScript(queue({ content: 'ok' }));
    const wrong = await createLlmFromSpec(spec, { env: { K: `${KEY}-x` }, cacheDir: false });
    errors.push(await wrong.llm.complete(req('e3')).catch((x: unknown) => x));
    const badModel = await createLlmFromSpec({ ...spec, model: 'nope' }, { env: { K: KEY }, cacheDir: false });
    errors.push(await badModel.llm.complete(req('e4')).catch((x: unknown) => x));
    const down = await createLlmFromSpec(
      { ...spec, baseURL: 'http://127.0.0.1:9/v1' },
      { env: { K: KEY }, cacheDir: false, retries: 0 },
    );
    errors.push(await down.llm.complete(req('e5')).catch((x: unknown) => x));
    expect(errors[2]).toBeInstanceOf(LlmAuthError);
    expect(errors[3]).toBeInstanceOf(LlmModelNotFoundError);
    expect(errors[4]).toBeInstanceOf(LlmUnreachableError);
    for (const e of errors) {
      const err = e as Error & { userMessage?: string };
      outputs.push(err.message, err.userMessage ?? '', err.stack ?? '', JSON.stringify(err), String(err));
    }
    expect(outputs.length).toBeGreaterThan(20);
    for (const text of outputs) expect(text).not.toContain(KEY);
    // The echoed key was masked, not silently dropped.
    expect((errors[0] as Error).message).toContain('bad request for key ***');
  });
});

describe('file cache store', () => {
  it('stores per key, clears per corpus, and reports a damaged entry instead of using it', async () => {
    const store = new FileLlmCacheStore(join(dir, 'store'));
    const reply = {
      text: 't',
      usage: { prompt: 1, completion: 2, total: 3 },
      provider: 'p',
      model: 'm',
      createdAt: 'now',
    };
    const k1 = 'a'.repeat(64);
    const k2 = 'b'.repeat(64);
    await store.put(k1, reply, { corpusId: 'c1' });
    await store.put(k2, { ...reply, text: 'u' }, { corpusId: 'c2' });
    expect(await store.get(k1)).toEqual(reply);
    await store.clear({ corpusId: 'c1' });
    expect(await store.get(k1)).toBeUndefined();
    expect((await store.get(k2))?.text).toBe('u');
    await writeFile(join(dir, 'store', 'bb', `${k2}.json`), '{"key": "truncated');
    await expect(store.get(k2)).rejects.toThrow('is damaged');
    await expect(store.get('../../etc/passwd')).rejects.toThrow('not a SHA-256 hex cache key');
    await store.clear();
    expect(await store.count()).toBe(0);
  });
});
