// Per-call timeout: the inner call gets its own signal, aborted when the time is up or when the
// caller aborts; a timeout surfaces as LlmTimeoutError, a caller abort as LlmAbortedError.
import { abortable } from './abortable.ts';
import { LlmAbortedError, LlmTimeoutError } from './errors.ts';
import type { LlmPort, LlmRequest, LlmResponse } from './port.ts';

export function withTimeout(port: LlmPort, timeoutMs: number, server: string): LlmPort {
  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      if (signal?.aborted) throw new LlmAbortedError(request.module);
      const inner = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        inner.abort();
      }, timeoutMs);
      const onAbort = () => inner.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await abortable(port.complete(request, inner.signal), inner.signal, request.module);
      } catch (e) {
        if (timedOut && !signal?.aborted) throw new LlmTimeoutError(server, timeoutMs);
        if (signal?.aborted) throw new LlmAbortedError(request.module);
        throw e;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
