// OpenAI-compatible chat completions through the `openai` package: OpenAI itself and the local
// servers people run (Ollama, LM Studio, vLLM, llama.cpp server). Works in the page, a worker and
// Node. The client's own retries are off (maxRetries: 0): src/core/llm/create-llm.ts (withRetry) retries
// visibly. Structured outputs: a JSON prompt's reply schema goes out as `response_format:
// {type: "json_schema"}` where the server has it (OpenAI, vLLM, llama.cpp, LM Studio, Ollama's /v1
// since 0.5), else JSON mode, else nothing; which one is found out once, on the first JSON call (or by
// "Test connection"), and recorded on every reply. Callers validate always: some servers ignore it.
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { z } from 'zod';
import {
  LlmAbortedError,
  LlmError,
  LlmMalformedReplyError,
  LlmRequestError,
  LlmTokenLimitError,
  LlmTruncatedStreamError,
} from '../../core/llm/errors.ts';
import type { LlmRequest, LlmResponse, StructuredMode, TokenUsage } from '../../core/llm/port.ts';
import { promptJsonSchema, type PromptJsonSchema } from '../../prompts/json-schemas.ts';
import type { LlmProvider } from '../../core/llm/provider.ts';
import { redactUrlsIn, requestTarget, urlLabel } from '../../core/llm/base-url.ts';
import { mapOpenAiError, type ErrorContext } from './openai-errors.ts';

export interface OpenAiCompatibleConfig {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:1234/v1 (LM Studio). */
  baseURL: string;
  /** Optional for local servers; never logged, traced, cached or put into error messages. */
  apiKey?: string;
  model: string;
  headers?: Record<string, string>;
  /** The server honours `response_format: {type: 'json_object'}` (OpenAI, vLLM, LM Studio, llama.cpp, Ollama). */
  jsonMode?: boolean;
  /** Stream every call (stream: true + include_usage); calls with `onToken` stream regardless. */
  stream?: boolean;
  /** The client's own per-request timeout; createLlm adds an outer one. Default 60 s. */
  timeoutMs?: number;
  /** max_tokens for requests that set none; without it the server's default applies. */
  maxTokens?: number;
  /**
   * How JSON prompts constrain the reply: "detect" (the default with jsonMode) finds out what the server
   * supports on the first JSON call; a fixed mode skips that. jsonMode false means "none".
   */
  structured?: StructuredMode | 'detect';
  /** JSON Schemas by module; default: the prompts' own (src/prompts/json-schemas.ts). */
  schemaFor?: (module: string) => PromptJsonSchema | undefined;
}

// The probe's schema and prompt: small enough for any model to satisfy in a few tokens.
const PROBE_SCHEMA = {
  name: 'probe',
  schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
};
export const STRUCTURED_PROBE_TEXT = 'Reply with the JSON object {"ok": true} and nothing else.';
const PROBE_MESSAGES = [{ role: 'user' as const, content: STRUCTURED_PROBE_TEXT }];

// Local servers ignore the key, but the client refuses to start without one.
const NO_KEY = 'no-key';

export class OpenAiCompatibleProvider implements LlmProvider {
  readonly id: string;
  readonly label: string;
  readonly model: string;
  readonly server: string;
  readonly target: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private structuredFound: Promise<StructuredMode> | undefined;
  private structuredKnown: StructuredMode | undefined;

  constructor(private readonly config: OpenAiCompatibleConfig) {
    // Shown and recorded (labels, errors, the cache key) only without credentials; requests use the URL as given.
    this.server = urlLabel(config.baseURL);
    this.target = requestTarget(config.baseURL);
    this.model = config.model;
    this.id = `openai-compatible ${this.server}`;
    this.label = `openai-compatible ${config.model} @ ${this.server}`;
    this.timeoutMs = config.timeoutMs ?? 60_000;
    // A query on the base URL (an API gateway's `?subscription-key=`) goes on every request, after the
    // path the client appends; the fragment is never sent.
    const { base, query } = splitQuery(config.baseURL);
    this.client = new OpenAI({
      baseURL: base,
      ...(query ? { defaultQuery: query } : {}),
      apiKey: config.apiKey || NO_KEY,
      // explicit nulls: never fall back to OPENAI_* environment variables
      organization: null,
      project: null,
      defaultHeaders: config.headers ?? {},
      dangerouslyAllowBrowser: true,
      maxRetries: 0,
      timeout: this.timeoutMs,
    });
  }

  /** "Test connection": the server's model ids. */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const ids: string[] = [];
      for await (const m of this.client.models.list({ signal: signal ?? null })) ids.push(m.id);
      return ids.sort();
    } catch (e) {
      throw mapOpenAiError(e, this.errorContext('llm.test-connection'));
    }
  }

  /**
   * What the server supports for JSON replies, best first: json_schema, json_object, none. Found once
   * (a refused response_format is a 4xx) and remembered; a network failure is thrown, not remembered.
   */
  structuredMode(signal?: AbortSignal): Promise<StructuredMode> {
    const fixed = this.configuredMode();
    if (fixed) return Promise.resolve(fixed);
    this.structuredFound ??= this.detect(signal).then(
      (mode) => (this.structuredKnown = mode),
      (e: unknown) => {
        this.structuredFound = undefined;
        throw e;
      },
    );
    return this.structuredFound;
  }

  /** The mode without a call: configured, or found by an earlier call; undefined before detection. */
  knownStructuredMode(): StructuredMode | undefined {
    return this.configuredMode() ?? this.structuredKnown;
  }

  /** The mode the config fixes (jsonMode false: "none"); undefined when it is to be detected. */
  private configuredMode(): StructuredMode | undefined {
    if (this.config.jsonMode === false) return 'none';
    return this.config.structured === 'detect' ? undefined : this.config.structured;
  }

  private async detect(signal?: AbortSignal): Promise<StructuredMode> {
    const formats = [
      ['json_schema', { type: 'json_schema' as const, json_schema: PROBE_SCHEMA }],
      ['json_object', { type: 'json_object' as const }],
    ] as const;
    for (const [mode, response_format] of formats) {
      try {
        await this.client.chat.completions.create(
          { model: this.model, messages: PROBE_MESSAGES, response_format, stream: false },
          { signal: signal ?? null },
        );
        return mode;
      } catch (e) {
        const mapped = mapOpenAiError(e, this.errorContext('llm.structured-outputs'));
        if (!(mapped instanceof LlmRequestError)) throw mapped; // refused: try the next format
      }
    }
    return 'none';
  }

  private responseFormat(module: string, mode: StructuredMode) {
    if (mode === 'none') return undefined;
    const schema = mode === 'json_schema' ? (this.config.schemaFor ?? promptJsonSchema)(module) : undefined;
    // strict: false, since strict mode refuses optional fields; the reply is validated with zod anyway
    return schema
      ? { type: 'json_schema' as const, json_schema: { name: schema.name, schema: schema.schema, strict: false } }
      : { type: 'json_object' as const };
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    if (signal?.aborted) throw new LlmAbortedError(request.module);
    const started = performance.now();
    const maxTokens = request.maxTokens ?? this.config.maxTokens;
    let structured: StructuredMode | undefined;
    try {
      structured = request.json ? await this.structuredMode(signal) : undefined;
    } catch (e) {
      if (signal?.aborted) throw new LlmAbortedError(request.module);
      throw e;
    }
    const responseFormat = structured ? this.responseFormat(request.module, structured) : undefined;
    if (structured === 'json_schema' && responseFormat?.type === 'json_object') structured = 'json_object';
    const params: ChatCompletionCreateParamsBase = {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stop?.length ? { stop: request.stop } : {}),
      ...(responseFormat ? { response_format: responseFormat } : {}),
    };
    try {
      const { text, usage, finish } =
        this.config.stream || request.onToken
          ? await this.streamed(params, request, signal)
          : await this.plain(params, signal);
      if (finish === 'length') throw new LlmTokenLimitError(this.server, request.module, maxTokens, text);
      return {
        text,
        usage,
        cached: false,
        latencyMs: performance.now() - started,
        provider: this.label,
        model: this.model,
        ...(structured ? { structured } : {}),
      };
    } catch (e) {
      if (signal?.aborted) throw new LlmAbortedError(request.module);
      const mapped = mapOpenAiError(e, this.errorContext(request.module));
      if (e instanceof LlmTokenLimitError) throw e;
      if (mapped instanceof LlmError || mapped instanceof LlmAbortedError) throw mapped;
      // Anything else the client threw on a 200 (a body cut off mid-JSON: SyntaxError) is the reply's fault.
      throw new LlmMalformedReplyError(
        this.server,
        this.errorContext(request.module).redact(
          mapped instanceof Error ? `${mapped.name}: ${mapped.message}` : String(mapped),
        ),
      );
    }
  }

  private async plain(params: ChatCompletionCreateParamsBase, signal?: AbortSignal) {
    const raw: unknown = await this.client.chat.completions.create(
      { ...params, stream: false },
      { signal: signal ?? null },
    );
    const r = completionSchema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0];
      throw new LlmMalformedReplyError(
        this.server,
        `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'unexpected shape'}`,
      );
    }
    const choice = r.data.choices[0]!;
    return {
      text: choice.message.content ?? '',
      usage: toUsage(r.data.usage),
      finish: choice.finish_reason ?? undefined,
    };
  }

  private async streamed(params: ChatCompletionCreateParamsBase, request: LlmRequest, signal?: AbortSignal) {
    const stream = await this.client.chat.completions.create(
      { ...params, stream: true, stream_options: { include_usage: true } },
      { signal: signal ?? null },
    );
    let text = '';
    let finished: string | undefined;
    let usage: TokenUsage | undefined;
    for await (const raw of stream) {
      const parsed = chunkSchema.safeParse(raw);
      if (!parsed.success)
        throw new LlmMalformedReplyError(
          this.server,
          `a stream chunk is not a chat completion chunk (${parsed.error.issues[0]?.path.join('.') || 'body'})`,
        );
      const chunk = parsed.data;
      if (chunk.usage) usage = toUsage(chunk.usage);
      const choice = chunk.choices[0];
      const piece = choice?.delta?.content;
      if (piece) {
        text += piece;
        request.onToken?.(piece);
      }
      if (choice?.finish_reason) finished = choice.finish_reason;
    }
    if (signal?.aborted) throw new LlmAbortedError(request.module);
    // openai-node ends iteration quietly when the body ends early; a reply without a finish_reason was cut off.
    if (!finished) throw new LlmTruncatedStreamError(this.server, text);
    return { text, usage: usage ?? { prompt: 0, completion: 0, total: 0 }, finish: finished };
  }

  private errorContext(module: string): ErrorContext {
    const key = this.config.apiKey;
    return {
      server: this.server,
      model: this.model,
      module,
      timeoutMs: this.timeoutMs,
      // the key, the base URL as its label, and any other URL's user info, query and fragment
      redact: (t) => redactUrlsIn(key ? t.split(key).join('***') : t, this.config.baseURL),
    };
  }
}

function splitQuery(url: string): { base: string; query?: Record<string, string> } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { base: url.replace(/\/+$/, '') };
  }
  const query = u.search ? Object.fromEntries(u.searchParams) : undefined;
  u.search = '';
  u.hash = '';
  return { base: u.toString().replace(/\/+$/, ''), ...(query ? { query } : {}) };
}

// Every reply is validated before it is read: a 200 with another shape is a typed error on that call.
const usageSchema = z
  .object({
    prompt_tokens: z.number(),
    completion_tokens: z.number(),
    total_tokens: z.number(),
    // reasoning models (o1/o3, DeepSeek-R1 on vLLM, ...): reasoning tokens are part of completion_tokens
    completion_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
  })
  .nullish();
const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullish() }), finish_reason: z.string().nullish() }))
    .min(1, 'no choices'),
  usage: usageSchema,
});
const chunkSchema = z.object({
  choices: z.array(
    z.object({ delta: z.object({ content: z.string().nullish() }).nullish(), finish_reason: z.string().nullish() }),
  ),
  usage: usageSchema,
});

function toUsage(u: z.infer<typeof usageSchema>): TokenUsage {
  if (!u) return { prompt: 0, completion: 0, total: 0 };
  const reasoning = u.completion_tokens_details?.reasoning_tokens;
  return {
    prompt: u.prompt_tokens,
    completion: u.completion_tokens,
    total: u.total_tokens,
    ...(reasoning ? { reasoning } : {}),
  };
}
