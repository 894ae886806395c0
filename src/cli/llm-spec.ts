// `--llm offline | openai --base-url URL --model NAME [--api-key-env VAR] [--no-json-mode] | replay:<trace>`
// for the CLI: parse the flags, then build the composed LlmPort (file cache, retries, timeout).
// The API key is read from the named environment variable when the LLM is built, never at import
// time, and never printed.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HopscopeError } from '../core/errors.ts';
import { createLlm } from '../core/llm/create-llm.ts';
import { LlmConfigError } from '../core/llm/errors.ts';
import { baseUrlCredentials, baseUrlShapeProblem, redactBaseUrl, urlLabel } from '../core/llm/base-url.ts';
import type { LlmPort } from '../core/llm/port.ts';
import type { LlmProvider } from '../core/llm/provider.ts';
import { readableTraceSchema } from '../core/trace/load.ts';
import type { Trace } from '../core/trace/schema.ts';
import { OpenAiCompatibleProvider } from '../providers/llm/openai-compatible.ts';
import { ReplayProvider } from '../providers/llm/replay.ts';
import { FileLlmCacheStore } from './llm-file-cache.ts';
import { replyParses } from '../prompts/reply-check.ts';
import { readTextInput } from './text-input.ts';
import type { EvalArgs } from './args.ts';

export type LlmSpec =
  | { kind: 'offline' }
  | { kind: 'openai'; baseURL: string; model: string; apiKeyEnv?: string; jsonMode: boolean; maxTokens?: number }
  | { kind: 'replay'; path: string };

export class LlmSpecError extends HopscopeError {
  override readonly name: string = 'LlmSpecError';
  constructor(message: string) {
    super('cli.llm', message);
  }
}

const LLM_SPEC_USAGE =
  '--llm offline | --llm openai --base-url URL --model NAME [--api-key-env VAR] [--no-json-mode] | --llm openai:MODEL@URL | --llm replay:<trace.json|traces.jsonl|traces dir>';

/** The LLM spec from the parsed flags (src/cli/args.ts keeps them in `llm` and `llmRest`). */
export function llmSpecFrom(v: { llm?: string | undefined } & Partial<EvalArgs['llmRest']>): LlmSpec {
  if (!v.llm) throw new LlmSpecError(`no --llm given (${LLM_SPEC_USAGE})`);
  if (v.llm === 'offline') return { kind: 'offline' };
  if (v.llm.startsWith('replay:')) {
    const path = v.llm.slice('replay:'.length);
    if (!path) throw new LlmSpecError('--llm replay:<file> needs the trace file after the colon');
    return { kind: 'replay', path };
  }
  // Inline form for several models in one batch (--llm offline,openai:MODEL@URL): the rest of the flags apply.
  const inline = /^openai:([^@]+)@(.+)$/.exec(v.llm);
  if (inline) return llmSpecFrom({ ...v, llm: 'openai', model: inline[1], baseUrl: inline[2] });
  if (v.llm === 'openai') {
    if (!v.baseUrl)
      throw new LlmSpecError(
        '--llm openai needs --base-url (e.g. http://127.0.0.1:11434/v1 for Ollama, https://api.openai.com/v1)',
      );
    // Whitespace or a header (a pasted curl line) is refused without repeating the text, which may hold the key.
    const shape = baseUrlShapeProblem(v.baseUrl);
    const refuse = (what: string) =>
      new LlmSpecError(
        `--base-url ${what}: ${shape}; give the server's address alone (e.g. http://127.0.0.1:11434/v1) and the key with --api-key-env VAR`,
      );
    let url: URL;
    try {
      url = new URL(v.baseUrl);
    } catch {
      if (shape) throw refuse('is not a URL');
      throw new LlmSpecError(`--base-url "${redactBaseUrl(v.baseUrl)}" is not a URL`);
    }
    if (shape) throw refuse('is not a base URL');
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new LlmSpecError(`--base-url must be http(s), got ${url.protocol}`);
    const secret = baseUrlCredentials(v.baseUrl);
    if (secret)
      throw new LlmSpecError(
        `--base-url ${redactBaseUrl(v.baseUrl)} holds credentials (${secret}), which would be printed, recorded in traces and --out, and hashed into the cache: remove them and pass the key with --api-key-env VAR`,
      );
    if (!v.model) throw new LlmSpecError('--llm openai needs --model NAME (or --llm-model NAME)');
    if (v.maxTokens !== undefined && !(Number.isInteger(v.maxTokens) && v.maxTokens > 0))
      throw new LlmSpecError('--max-tokens needs a whole number above 0');
    return {
      kind: 'openai',
      baseURL: v.baseUrl,
      model: v.model,
      jsonMode: v.jsonMode ?? true,
      ...(v.apiKeyEnv ? { apiKeyEnv: v.apiKeyEnv } : {}),
      ...(v.maxTokens !== undefined ? { maxTokens: v.maxTokens } : {}),
    };
  }
  throw new LlmSpecError(`unknown --llm "${v.llm}" (${LLM_SPEC_USAGE})`);
}

/** A spec as shown and recorded, built without the provider (labels carry no query, fragment or key-like path). */
export function specLabel(spec: LlmSpec): string {
  if (spec.kind === 'offline') return 'offline thinker (no LLM)';
  if (spec.kind === 'replay') return `replay of ${spec.path}`;
  return `openai-compatible ${spec.model} @ ${urlLabel(spec.baseURL)}`;
}

export interface LlmFromSpecOptions {
  /** Where cached replies go (default .cache/llm); `false` turns the cache off. */
  cacheDir?: string | false;
  corpusId?: string;
  concurrency?: number;
  retries?: number;
  /** Environment to read `--api-key-env` from; default process.env at call time. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Hears once that the cache cannot be written (the run then goes on uncached). */
  onCacheWriteError?: (message: string) => void;
  /** Builds the offline thinker (it needs the corpus and graph, which the caller holds). */
  offline?: () => LlmPort | Promise<LlmPort>;
}

export interface CliLlm {
  llm: LlmPort;
  /** What to print and record: "offline thinker (no LLM)", "openai-compatible <model> @ <url>", "replay of …". */
  label: string;
  cache?: FileLlmCacheStore;
  /** The OpenAI-compatible provider, for listModels(). */
  provider?: LlmProvider;
}

export async function createLlmFromSpec(spec: LlmSpec, o: LlmFromSpecOptions = {}): Promise<CliLlm> {
  switch (spec.kind) {
    case 'offline': {
      if (!o.offline)
        throw new LlmConfigError(
          'cli.llm',
          'the offline thinker is not wired into this command: it needs the corpus and graph (pass `offline` to createLlmFromSpec)',
          'The offline thinker is not available here yet; use --llm openai or --llm replay:<trace>.',
        );
      const port = await o.offline();
      return { llm: port, label: port.label };
    }
    case 'replay': {
      const provider = new ReplayProvider(await readTraces(spec.path), spec.path);
      return { llm: provider, label: provider.label, provider };
    }
    case 'openai': {
      const env = o.env ?? process.env;
      let apiKey: string | undefined;
      if (spec.apiKeyEnv) {
        apiKey = env[spec.apiKeyEnv];
        if (!apiKey)
          throw new LlmSpecError(`--api-key-env ${spec.apiKeyEnv}: that environment variable is not set or empty`);
      }
      const provider = new OpenAiCompatibleProvider({
        baseURL: spec.baseURL,
        model: spec.model,
        jsonMode: spec.jsonMode,
        ...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {}),
        ...(apiKey ? { apiKey } : {}),
      });
      const cache =
        o.cacheDir === false ? undefined : new FileLlmCacheStore(o.cacheDir ?? '.cache/llm', o.onCacheWriteError);
      const llm = createLlm({
        provider,
        ...(cache
          ? {
              cache: {
                store: cache,
                accept: replyParses(),
                ...(o.corpusId !== undefined ? { corpusId: o.corpusId } : {}),
              },
            }
          : {}),
        ...(o.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
        ...(o.retries !== undefined ? { retries: o.retries } : {}),
      });
      return { llm, label: provider.label, provider, ...(cache ? { cache } : {}) };
    }
  }
}

/**
 * A trace file: one trace, an array of traces, `{traces: [...]}`, or JSON lines (one trace per line);
 * or a folder of such files (what `npm run eval -- --traces <dir>` writes).
 */
async function readTraces(path: string): Promise<Trace[]> {
  if ((await stat(path).catch(() => undefined))?.isDirectory()) {
    const names = (await readdir(path)).filter((n) => /\.jsonl?$/.test(n)).sort();
    if (names.length === 0) throw new LlmSpecError(`the replay folder ${path} holds no .json or .jsonl trace files`);
    return (await Promise.all(names.map((n) => readTraces(join(path, n))))).flat();
  }
  let raw: string;
  try {
    raw = await readTextInput('--llm replay', path);
  } catch (e) {
    throw new LlmSpecError(`cannot read the replay trace file ${path}: ${(e as Error).message}`);
  }
  let items: unknown[];
  try {
    if (path.endsWith('.jsonl'))
      items = raw
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as unknown);
    else {
      const doc = JSON.parse(raw) as unknown;
      items = Array.isArray(doc)
        ? doc
        : doc && typeof doc === 'object' && 'traces' in doc && Array.isArray(doc.traces)
          ? doc.traces
          : [doc];
    }
  } catch (e) {
    throw new LlmSpecError(`${path} is not JSON: ${(e as Error).message}`);
  }
  return items.map((item, i) => {
    const r = readableTraceSchema.safeParse(item);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new LlmSpecError(
        `${path}: trace ${i} is not a Hopscope trace (${issue?.path.join('.') || '(root)'}: ${issue?.message})`,
      );
    }
    return r.data;
  });
}
