// OpenAI-compatible chat completions through the `openai` package: OpenAI itself and the local
// servers people run (Ollama, LM Studio, vLLM, llama.cpp server). Works in the page, a worker and
// Node. The client's own retries are off (maxRetries: 0): src/core/llm/with-retry.ts retries
// visibly. JSON mode is requested only where the server supports it; callers validate always.
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { z } from 'zod';
import {
  LlmAbortedError,
  LlmError,
  LlmMalformedReplyError,
  LlmTokenLimitError,
  LlmTruncatedStreamError,
} from '../../core/llm/errors.ts';
import type { LlmRequest, LlmResponse, TokenUsage } from '../../core/llm/port.ts';
import type { LlmProvider } from '../../core/llm/provider.ts';
import { redactBaseUrl } from '../../core/llm/base-url.ts';
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
}

// Local servers ignore the key, but the client refuses to start without one.
const NO_KEY = 'no-key';

export class OpenAiCompatibleProvider implements LlmProvider {
  readonly id: string;
  readonly label: string;
  readonly model: string;
  readonly server: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;

  constructor(private readonly config: OpenAiCompatibleConfig) {
    // Shown and recorded (labels, errors, the cache key) only without credentials; requests use the URL as given.
    this.server = redactBaseUrl(config.baseURL.replace(/\/+$/, ''));
    this.model = config.model;
    this.id = `openai-compatible ${this.server}`;
    this.label = `openai-compatible ${config.model} @ ${this.server}`;
    this.timeoutMs = config.timeoutMs ?? 60_000;
    this.client = new OpenAI({
      baseURL: config.baseURL.replace(/\/+$/, ''),
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

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    if (signal?.aborted) throw new LlmAbortedError(request.module);
    const started = performance.now();
    const maxTokens = request.maxTokens ?? this.config.maxTokens;
    const params: ChatCompletionCreateParamsBase = {
      model: this.model,
      messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
      ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.stop?.length ? { stop: request.stop } : {}),
      ...(request.json && this.config.jsonMode ? { response_format: { type: 'json_object' as const } } : {}),
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
      // the key, and any user info or secret query value a URL in the message carries
      redact: (t) =>
        (key ? t.split(key).join('***') : t)
          .replace(/\/\/[^/@\s]+@/g, '//')
          .replace(/([?&](?:api[-_]?key|key|token|access[-_]?token|secret|password|sig|signature)=)[^&\s]*/gi, '$1***'),
    };
  }
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
