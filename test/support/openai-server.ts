// A local OpenAI-compatible server for tests: node:http on 127.0.0.1, a random port, speaking the
// real protocol (`/v1/models`, `/v1/chat/completions` plain and `stream: true` SSE with a final
// usage chunk and `[DONE]`). Each test scripts the replies and injects faults; every request is
// logged so tests can assert on what went over the wire (e.g. zero requests on a cached rerun).
// CORS headers let a page served from another port call it from headless Chromium.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { STRUCTURED_PROBE_TEXT } from '../../src/providers/llm/openai-compatible.ts';

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  stop?: string[];
  [k: string]: unknown;
}

export type Fault =
  | { kind: 'status'; status: number; message?: string; code?: string; retryAfter?: string; retryAfterMs?: string }
  /** Never answer (until the client goes away). */
  | { kind: 'hang' }
  /** Stream: send these pieces, then end the body with no finish_reason, no usage and no [DONE]. */
  | { kind: 'truncated-stream'; pieces: string[] }
  /** Close the socket without any response. */
  | { kind: 'drop' }
  /** Send this body as is (status default 200, JSON content type): truncated JSON, `{"choices":"nope"}`, ... */
  | { kind: 'raw'; body: string; status?: number };

export interface ScriptedReply {
  content?: string;
  fault?: Fault;
  /** Usage to report; defaults to a deterministic count (characters / 4, rounded up). */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** How a streamed reply is split; default: words. */
  pieces?: string[];
  /** Wait this long before answering. */
  delayMs?: number;
  /** The choice's finish_reason; default "stop" ("length": the reply hit max_tokens). */
  finishReason?: string;
  /** Reported as usage.completion_tokens_details.reasoning_tokens (a reasoning model). */
  reasoningTokens?: number;
}

/** Decide the reply for a chat request; `n` counts chat requests from 0. */
export type Script = (body: ChatBody, n: number, request: LoggedRequest) => ScriptedReply | Promise<ScriptedReply>;

export interface LoggedRequest {
  method: string;
  path: string;
  /** The request's path with its query string, as received. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: ChatBody | undefined;
}

export interface OpenAiServer {
  /** e.g. http://127.0.0.1:41234/v1 */
  baseURL: string;
  log: LoggedRequest[];
  /** Chat requests only, without the provider's structured-output probes (which the server answers itself). */
  chats(): LoggedRequest[];
  /** The structured-output probes (see OpenAiCompatibleProvider.structuredMode). */
  probes(): LoggedRequest[];
  setScript(script: Script): void;
  close(): Promise<void>;
}

export interface OpenAiServerOptions {
  script?: Script;
  models?: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /**
   * The response_format types the server accepts (default both); another type gets 400, as servers
   * without structured outputs answer. Scripts decide what a request with an accepted format gets.
   */
  responseFormats?: readonly ('json_schema' | 'json_object')[];
}

/** A script that pops replies from a queue (the last one repeats). */
export function queue(...replies: ScriptedReply[]): Script {
  return (_body, n) => replies[Math.min(n, replies.length - 1)] ?? { content: '' };
}

/** Deterministic token count the server reports when the script gives none. */
export function countTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export async function startOpenAiServer(options: OpenAiServerOptions = {}): Promise<OpenAiServer> {
  let script: Script = options.script ?? (() => ({ content: 'ok' }));
  const models = options.models ?? ['test-model', 'test-model-large'];
  const log: LoggedRequest[] = [];
  const sockets = new Set<Socket>();
  let chatCount = 0;
  let created = 1_700_000_000;

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(e), type: 'server_error' } });
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const raw = await readBody(req);
    const body = raw ? (JSON.parse(raw) as ChatBody) : undefined;
    const logged: LoggedRequest = {
      method: req.method ?? '',
      path,
      url: req.url ?? '/',
      headers: { ...req.headers },
      body,
    };
    log.push(logged);

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_api_key', 'invalid_request_error');
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'test' })),
      });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions' || !body) {
      return sendError(res, 404, `no route ${req.method} ${path}`, 'not_found', 'invalid_request_error');
    }
    const format = body.response_format?.type;
    const accepted: readonly string[] = options.responseFormats ?? ['json_schema', 'json_object'];
    if (format !== undefined && format !== 'text' && !accepted.includes(format))
      return sendError(res, 400, `response_format type '${format}' is not supported`, null, 'invalid_request_error');
    if (isProbe(body)) {
      const content = '{"ok": true}';
      return sendJson(res, 200, {
        id: 'chatcmpl-probe',
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 },
      });
    }
    const reply = await script(body, chatCount++, logged);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const fault = reply.fault;
    if (fault?.kind === 'hang') return; // the client's timeout or abort ends it
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'raw') {
      res.writeHead(fault.status ?? 200, { 'content-type': 'application/json' });
      res.end(fault.body);
      return;
    }
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = fault.retryAfterMs;
      return sendError(
        res,
        fault.status,
        fault.message ?? `scripted ${fault.status}`,
        fault.code ?? null,
        'scripted',
        headers,
      );
    }
    if (!models.includes(body.model)) {
      return sendError(
        res,
        404,
        `The model \`${body.model}\` does not exist or you do not have access to it.`,
        'model_not_found',
        'invalid_request_error',
      );
    }
    const content = reply.content ?? '';
    const promptText = body.messages.map((m) => m.content).join('\n');
    const usage = reply.usage ?? { prompt_tokens: countTokens(promptText), completion_tokens: countTokens(content) };
    const fullUsage = {
      ...usage,
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
      ...(reply.reasoningTokens !== undefined
        ? { completion_tokens_details: { reasoning_tokens: reply.reasoningTokens } }
        : {}),
    };
    const finish = reply.finishReason ?? 'stop';
    const id = `chatcmpl-${chatCount}`;
    created++;

    if (!body.stream) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish, logprobs: null }],
        usage: fullUsage,
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    if (fault?.kind === 'truncated-stream') {
      send(chunk({ role: 'assistant', content: '' }, null));
      for (const p of fault.pieces) send(chunk({ content: p }, null));
      res.end();
      return;
    }
    const pieces = reply.pieces ?? content.match(/\S+\s*|\s+/g) ?? [];
    send(chunk({ role: 'assistant', content: '' }, null));
    for (const p of pieces) send(chunk({ content: p }, null));
    send(chunk({}, finish));
    if (body.stream_options?.include_usage)
      send({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: fullUsage });
    res.write('data: [DONE]\n\n');
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    log,
    chats: () => log.filter((r) => r.path === '/v1/chat/completions' && !(r.body && isProbe(r.body))),
    probes: () => log.filter((r) => r.path === '/v1/chat/completions' && r.body !== undefined && isProbe(r.body)),
    setScript(s) {
      script = s;
      chatCount = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const s of sockets) s.destroy();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

function isProbe(body: ChatBody): boolean {
  return body.messages.length === 1 && body.messages[0]?.content === STRUCTURED_PROBE_TEXT;
}

function cors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  // `Authorization` is never covered by a wildcard: echo what the preflight asks for.
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
  res.setHeader('access-control-expose-headers', 'retry-after, retry-after-ms, x-request-id');
  res.setHeader('cross-origin-resource-policy', 'cross-origin');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  code: string | null,
  type: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers);
}
