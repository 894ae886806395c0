// "Detect" for local OpenAI-compatible servers: asks Ollama's and LM Studio's usual
// localhost ports for /v1/models. A server that answers but blocks this page (no CORS headers) is told
// apart from one that is not running by a second, opaque `no-cors` request: it resolves only when
// something listens. Only localhost is probed; the ports come from the caller (tests use their own).

export interface LocalServer {
  name: string;
  /** OpenAI-compatible base URL, e.g. http://127.0.0.1:11434/v1 */
  baseURL: string;
}

const DEFAULT_LOCAL_SERVERS: readonly LocalServer[] = [
  { name: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1' },
  { name: 'LM Studio', baseURL: 'http://127.0.0.1:1234/v1' },
];

export type Detected =
  | { server: LocalServer; state: 'ok'; models: string[] }
  /** It answers, but the browser may not read the reply: the server must allow this page's origin. */
  | { server: LocalServer; state: 'blocked'; hint: string }
  /**
   * No reply this page may read. Under this app's cross-origin isolation (COEP) the opaque probe is
   * refused too unless the server sends Cross-Origin-Resource-Policy, so "not running" and "blocks
   * this page" look alike here: the hint is given for both.
   */
  | { server: LocalServer; state: 'down'; hint: string };

const CORS_HINT: Record<string, string> = {
  Ollama: 'start Ollama with OLLAMA_ORIGINS set to this page\'s origin (or "*"), e.g. OLLAMA_ORIGINS="*" ollama serve',
  'LM Studio': 'turn on "Enable CORS" in LM Studio\'s Developer → server settings',
};

const isLocal = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

export async function detectLocalServers(
  servers: readonly LocalServer[] = DEFAULT_LOCAL_SERVERS,
  signal?: AbortSignal,
  fetchFn: typeof fetch = fetch,
): Promise<Detected[]> {
  return Promise.all(
    servers.map(async (server): Promise<Detected> => {
      const hint = CORS_HINT[server.name] ?? "allow this page's origin in the server's CORS settings";
      if (!isLocal(server.baseURL)) return { server, state: 'down', hint };
      const url = `${server.baseURL.replace(/\/$/, '')}/models`;
      try {
        const res = await fetchFn(url, { signal });
        if (!res.ok) return { server, state: 'down', hint };
        const body = (await res.json()) as { data?: { id?: unknown }[] };
        const models = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
        return { server, state: 'ok', models };
      } catch {
        if (signal?.aborted) return { server, state: 'down', hint };
        try {
          await fetchFn(url, { mode: 'no-cors', signal });
          return { server, state: 'blocked', hint };
        } catch {
          return { server, state: 'down', hint };
        }
      }
    }),
  );
}
