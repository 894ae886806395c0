// The page's one engine worker, created lazily and shared (StrictMode mounts twice; the worker and its
// indexes must not be built twice). Tests and replays can inject another EngineApi via EngineContext.
import { wrap, type Remote } from 'comlink';
import { createContext, useContext } from 'react';
import type { EngineApi } from '../../workers/engine-api.ts';

export type EngineClient = Remote<EngineApi>;

let shared: EngineClient | undefined;

export function sharedEngine(): EngineClient {
  shared ??= wrap<EngineApi>(new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' }));
  return shared;
}

export const EngineContext = createContext<EngineClient | null>(null);

export function useEngine(): EngineClient {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('app: useEngine() outside <EngineContext.Provider>');
  return engine;
}
