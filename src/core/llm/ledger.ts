// Token accounting by calling module (issue 4: `summary.tokens.byModule` in the eval CLI).
// Tokens count only real model calls, so the totals equal the server's usage fields; cache hits are
// counted as calls but cost nothing.
import type { LlmPort, LlmRequest, LlmResponse, TokenUsage } from './port.ts';

export interface ModuleUsage extends TokenUsage {
  calls: number;
  cachedCalls: number;
}

export class TokenLedger {
  private readonly modules = new Map<string, ModuleUsage>();

  record(module: string, response: Pick<LlmResponse, 'usage' | 'cached'>): void {
    let m = this.modules.get(module);
    if (!m) {
      m = { calls: 0, cachedCalls: 0, prompt: 0, completion: 0, total: 0 };
      this.modules.set(module, m);
    }
    m.calls++;
    if (response.cached) {
      m.cachedCalls++;
      return;
    }
    m.prompt += response.usage.prompt;
    m.completion += response.usage.completion;
    m.total += response.usage.total;
  }

  /** Per module, modules sorted by name so reports are stable. */
  byModule(): Record<string, ModuleUsage> {
    const out: Record<string, ModuleUsage> = {};
    for (const name of [...this.modules.keys()].sort()) out[name] = { ...this.modules.get(name)! };
    return out;
  }

  total(): ModuleUsage {
    const t: ModuleUsage = { calls: 0, cachedCalls: 0, prompt: 0, completion: 0, total: 0 };
    for (const m of this.modules.values()) {
      t.calls += m.calls;
      t.cachedCalls += m.cachedCalls;
      t.prompt += m.prompt;
      t.completion += m.completion;
      t.total += m.total;
    }
    return t;
  }

  /** Shape for `summary.tokens` in eval results. */
  summary(): { total: ModuleUsage; byModule: Record<string, ModuleUsage> } {
    return { total: this.total(), byModule: this.byModule() };
  }
}

/** Record every completed call (cached or not) in `ledger`. */
export function withLedger(port: LlmPort, ledger: TokenLedger): LlmPort {
  return {
    label: port.label,
    async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
      const response = await port.complete(request, signal);
      ledger.record(request.module, response);
      return response;
    },
  };
}
