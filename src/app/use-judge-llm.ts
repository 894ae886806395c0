// The Acc† judge for the batch page: the LLM from Settings (OpenAI-compatible server or in-browser
// model), run in the engine worker with the reply cache; none with the offline thinker, which cannot
// judge answers.
import { useQuery } from '@tanstack/react-query';
import type { JudgeItem, JudgeResult } from '../core/eval/judge.ts';
import { proxy } from 'comlink';
import { useEngine } from './engine-client.ts';
import { llmSettingsQuery } from './queries.ts';

export interface JudgeLlm {
  /** What the judge is, for the Acc† label. */
  label: string;
  /** Judges the answers (replies cached under the corpus), reporting progress as it goes. */
  judge(corpusId: string, items: JudgeItem[], onProgress?: (done: number, total: number) => void): Promise<JudgeResult>;
}

export function useJudgeLlm(): JudgeLlm | undefined {
  const engine = useEngine();
  const s = useQuery(llmSettingsQuery(engine)).data;
  if (!s || s.provider === 'offline') return undefined;
  return {
    label: s.provider === 'openai' ? `${s.model} @ ${s.baseURL}` : `in-browser ${s.browserModel}`,
    judge: (corpusId, items, onProgress) =>
      engine.judge({ corpusId, items, concurrency: 2 }, onProgress ? proxy(onProgress) : undefined),
  };
}
