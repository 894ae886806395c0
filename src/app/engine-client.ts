// The page's one engine worker, created lazily and shared (StrictMode mounts twice; the worker and its
// indexes must not be built twice). Tests and replays can inject another EngineApi via EngineContext.
import { wrap, type Remote } from 'comlink';
import { createContext, useContext } from 'react';
import type { EngineApi } from '../engine/engine-api.ts';

export type EngineClient = Remote<EngineApi>;

let shared: EngineClient | undefined;

/** Storage notices the engine worker posts (another tab upgrading or blocking IndexedDB). */
export const storageNotices = new EventTarget();

export function sharedEngine(): EngineClient {
  if (!shared) {
    const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), {
      type: 'module',
      name: 'engine',
    });
    worker.addEventListener(
      'message',
      (e: MessageEvent<{ type?: string; notice?: { kind: string; message: string } }>) => {
        if (e.data?.type === 'hopscope-storage-notice' && e.data.notice)
          storageNotices.dispatchEvent(new CustomEvent('notice', { detail: e.data.notice }));
      },
    );
    shared = wrap<EngineApi>(worker);
  }
  return shared;
}

export const EngineContext = createContext<EngineClient | null>(null);

export function useEngine(): EngineClient {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('app: useEngine() outside <EngineContext.Provider>');
  return engine;
}

let nextCall = 0;

/** An engine call the page stops with an AbortSignal: the abort cancels it in the worker by its id. */
export async function withCancel<T>(
  engine: EngineClient,
  signal: AbortSignal,
  call: (callId: string) => Promise<T>,
): Promise<T> {
  const callId = `call-${++nextCall}`;
  const stop = () => void engine.cancelCall(callId);
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await call(callId);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
