// Test doubles for strategy tests: a retriever answering fixed lists per query, and an LlmPort that
// replies from a per-module script and logs every request.
import { HopscopeError } from '../../../src/core/errors.ts';
import type { LlmPort, LlmRequest, LlmResponse } from '../../../src/core/llm/port.ts';
import type { Passage, Question, Ranked, Retriever } from '../../../src/core/types.ts';

export function passagesOf(n: number): Map<string, Passage> {
  return new Map(
    Array.from({ length: n }, (_, i) => [
      `p${i + 1}`,
      { id: `p${i + 1}`, title: `Title ${i + 1}`, text: `Text of passage ${i + 1}.` },
    ]),
  );
}

export function fixedRetriever(lists: Record<string, Ranked[]>, log: string[] = []): Retriever {
  return {
    name: 'fixed',
    async retrieve(query: string, k: number) {
      log.push(query);
      const list = lists[query];
      if (!list) throw new HopscopeError('test.retriever', `no scripted list for query "${query}"`);
      return list.slice(0, k);
    },
  };
}

export type Reply = string | ((request: LlmRequest) => string) | Error;

export class ScriptedLlm implements LlmPort {
  readonly label = 'scripted test LLM';
  readonly requests: LlmRequest[] = [];
  private readonly used = new Map<string, number>();
  constructor(private readonly script: Record<string, Reply[]>) {}

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    this.requests.push(request);
    const n = this.used.get(request.module) ?? 0;
    this.used.set(request.module, n + 1);
    const reply = this.script[request.module]?.[n];
    if (reply === undefined) throw new Error(`test: no scripted reply ${n} for module ${request.module}`);
    if (signal?.aborted) throw new HopscopeError('test.llm', 'aborted before the reply');
    if (reply instanceof Error) throw reply;
    const text = typeof reply === 'function' ? reply(request) : reply;
    return {
      text,
      usage: { prompt: 1, completion: 1, total: 2 },
      cached: false,
      latencyMs: 1,
      provider: 'scripted',
      model: 'script',
    };
  }

  userText(module: string, i = 0): string {
    const r = this.requests.filter((x) => x.module === module)[i];
    return r?.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  }
}

export const question: Question = {
  id: 'q1',
  question: 'Where was the director of Film One born?',
  answers: ['Paris'],
  gold: ['p4', 'p6'],
  type: 'compositional',
  hops: 2,
};

/** A clock that advances 1 ms per read. */
export function tickClock(): () => number {
  let t = 0;
  return () => t++;
}

export const meta = { corpus: { id: 'c1', name: 'test corpus' }, retrieverName: 'fixed' };
