// Settings' calls that reach a provider: "Test connection" (and which structured outputs the server
// supports), "Detect" of local servers and a picked
// model folder copied into Cache Storage. They run in the engine worker, so the page never loads a
// provider; a call the page gives an id can be stopped with cancelCall(id).
import { HopscopeError } from '../core/errors.ts';
import { storeLocalModel } from '../providers/embed/local-model.ts';
import { detectLocalServers } from '../providers/llm/detect-local.ts';
import { detectStructuredOutputs, testConnection } from '../providers/llm/from-settings.ts';
import type { EngineApi } from './engine-api.ts';

export function createProviderCalls(): Pick<
  EngineApi,
  'testConnection' | 'detectStructured' | 'detectLocalServers' | 'cancelCall' | 'storeLocalModel'
> {
  const calls = new Map<string, AbortController>();

  async function tracked<T>(callId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    if (callId !== undefined) calls.get(callId)?.abort();
    if (callId !== undefined) calls.set(callId, controller);
    try {
      return await work(controller.signal);
    } finally {
      if (callId !== undefined && calls.get(callId) === controller) calls.delete(callId);
    }
  }

  return {
    testConnection: (settings, callId) => tracked(callId, (signal) => testConnection(settings, signal)),
    detectStructured: (settings, callId) => tracked(callId, (signal) => detectStructuredOutputs(settings, signal)),
    detectLocalServers: (servers, callId) =>
      tracked(callId, (signal) => detectLocalServers(servers ?? undefined, signal)),
    cancelCall(callId) {
      calls.get(callId)?.abort();
    },
    async storeLocalModel(files, paths, kind) {
      if (files.length !== paths.length)
        throw new HopscopeError('engine', `${files.length} files but ${paths.length} paths for the model folder`);
      return storeLocalModel(files, paths, kind);
    },
  };
}
