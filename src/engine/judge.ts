// The Acc† judge pass over finished answers (src/core/eval/judge.ts) with the LLM from Settings,
// run in the engine like a strategy's calls: the same provider, concurrency, retry and reply cache.
import { HopscopeError } from '../core/errors.ts';
import { judgeAnswers, type JudgeResult } from '../core/eval/judge.ts';
import type { JudgeRequest } from './engine-api.ts';
import type { Stores } from '../core/persist/ports.ts';
import * as judgePrompt from '../prompts/dualrag-judge.ts';
import { llmFromStoredSettings, type InBrowserRuntime } from './llm.ts';
import { OFFLINE_THINKER_LABEL } from '../providers/llm/offline-thinker.ts';

export async function judgeWithSettings(
  stores: Stores | undefined,
  runtime: InBrowserRuntime | undefined,
  request: JudgeRequest,
  onProgress?: (done: number, total: number) => void,
): Promise<JudgeResult> {
  const llm = await llmFromStoredSettings(stores, request.corpusId, runtime);
  if (llm.label === OFFLINE_THINKER_LABEL)
    throw new HopscopeError('engine', 'the offline thinker cannot judge answers; choose an LLM in Settings');
  return judgeAnswers(request.items, llm, judgePrompt, {
    concurrency: request.concurrency ?? 2,
    ...(onProgress ? { onProgress } : {}),
  });
}
