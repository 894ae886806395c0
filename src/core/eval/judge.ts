// Acc† (DualRAG Appendix D, Fig. 8): an LLM judge asked whether a finished answer implies the ground
// truth. An EVALUATION PASS over finished answers, never part of a run (the judge sees gold answers),
// and reported as Acc†, never as EM. Reusable by any strategy's results; the prompt comes in as a port
// (src/prompts/dualrag-judge.ts holds the Fig. 8 text), like the strategy prompts.
import type { ChatMessage, LlmPort } from '../llm/port.ts';
import { mapConcurrent } from '../map-concurrent.ts';
import { HopscopeError } from '../errors.ts';

export interface JudgePrompt {
  module: string;
  version: string;
  build(question: string, prediction: string, goldenAnswer: string): ChatMessage[];
  /** True when the judge says the prediction implies the ground truth; throws on a malformed reply. */
  parse(reply: string): boolean;
}

export interface JudgeItem {
  id: string;
  question: string;
  /** The finished answer; undefined (a failed run) scores 0 with no call. */
  prediction: string | undefined;
  /** Gold answer and its aliases: the judge is asked once per alias until it says yes. */
  answers: readonly string[];
}

export interface JudgeVerdict {
  id: string;
  /** 1 or 0; null when the judge's reply could not be read (counted, not scored). */
  accDagger: 0 | 1 | null;
  calls: number;
  error?: string;
}

export async function judgeAnswers(
  items: readonly JudgeItem[],
  llm: LlmPort,
  prompt: JudgePrompt,
  o: { concurrency?: number; signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
) {
  let done = 0;
  const verdicts = await mapConcurrent(
    items,
    o.concurrency ?? 1,
    async (item): Promise<JudgeVerdict> => {
      const v = await judgeOne(item, llm, prompt, o.signal);
      o.onProgress?.(++done, items.length);
      return v;
    },
    o.signal,
  );
  const scored = verdicts.filter((v) => v.accDagger !== null);
  return {
    /** The judge LLM's label, recorded beside the score. */
    judge: llm.label,
    promptVersion: prompt.version,
    /** Mean Acc† over the items with a verdict; null when nothing was judged (none, not 0). */
    accDagger: scored.length ? scored.reduce((s, v) => s + (v.accDagger as number), 0) / scored.length : null,
    judged: scored.length,
    errors: verdicts.length - scored.length,
    verdicts,
  };
}

export type JudgeResult = Awaited<ReturnType<typeof judgeAnswers>>;

async function judgeOne(
  item: JudgeItem,
  llm: LlmPort,
  prompt: JudgePrompt,
  signal: AbortSignal | undefined,
): Promise<JudgeVerdict> {
  const prediction = item.prediction?.trim();
  if (!prediction || item.answers.length === 0) return { id: item.id, accDagger: 0, calls: 0 };
  let calls = 0;
  for (const gold of item.answers) {
    calls++;
    try {
      const reply = await llm.complete(
        { module: prompt.module, messages: prompt.build(item.question, prediction, gold) },
        signal,
      );
      if (prompt.parse(reply.text)) return { id: item.id, accDagger: 1, calls };
    } catch (e) {
      if (!(e instanceof HopscopeError) || signal?.aborted) throw e;
      return { id: item.id, accDagger: null, calls, error: e.message };
    }
  }
  return { id: item.id, accDagger: 0, calls };
}
