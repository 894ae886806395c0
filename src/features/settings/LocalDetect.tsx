import { useRef, useState } from 'react';
import type { EngineApi } from '../../engine/engine-api.ts';

/** What a probe of one local server found (src/providers/llm/detect-local.ts, run by the engine worker). */
export type DetectedServer = Awaited<ReturnType<EngineApi['detectLocalServers']>>[number];

interface Props {
  detect(signal: AbortSignal): Promise<DetectedServer[]>;
  /** Fill the base URL (and the first model) from a server that answered. */
  onUse(baseURL: string, model: string | undefined): void;
}

/** "Detect": tries Ollama and LM Studio on localhost and offers what answers; says when CORS blocks the page. */
export function LocalDetect({ detect, onUse }: Props) {
  const [found, setFound] = useState<DetectedServer[] | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  const run = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      const result = await detect(controller.signal);
      if (running.current === controller) setFound(result);
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };
  return (
    <div className="local-detect">
      <button type="button" data-testid="llm-detect" onClick={() => void run()} disabled={busy}>
        {busy ? 'Detecting…' : 'Detect local servers (Ollama, LM Studio)'}
      </button>
      {found && (
        <ul className="detected" data-testid="llm-detected" role="status">
          {found.map((d) => (
            <li key={d.server.baseURL} data-testid="llm-detected-server" data-state={d.state}>
              <strong>{d.server.name}</strong> at <code>{d.server.baseURL}</code>:{' '}
              {d.state === 'ok' ? (
                <>
                  running, {d.models.length} model{d.models.length === 1 ? '' : 's'}
                  {d.models.length > 0 &&
                    ` (${d.models.slice(0, 4).join(', ')}${d.models.length > 4 ? ', …' : ''})`}{' '}
                  <button
                    type="button"
                    data-testid="llm-detected-use"
                    onClick={() => onUse(d.server.baseURL, d.models[0])}
                  >
                    Use it
                  </button>
                </>
              ) : d.state === 'blocked' ? (
                <span className="warning-text">answers, but blocks this page (CORS): {d.hint}.</span>
              ) : (
                <span className="muted">
                  no reply this page may read: not running, or it blocks this page (CORS; if it runs, {d.hint}).
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
