// DualRAG-FT training data (DualRAG §3.2): from trajectories that answered correctly, one chat-format
// example per call of the Reasoner, the Entity Identifier and the Knowledge Summarizer, with the prompt
// exactly as run (the trace's `llm` events) and the model's reply as the assistant turn. Wrong or
// unfinished trajectories are never exported.
import { z } from 'zod';
import type { Trace } from '../trace/schema.ts';

export const FT_CAPABILITIES = {
  'dualrag.reasoner': 'reasoner',
  'dualrag.entity-identifier': 'entity-identifier',
  'dualrag.knowledge-summarizer': 'knowledge-summarizer',
} as const;
export type FtCapability = (typeof FT_CAPABILITIES)[keyof typeof FT_CAPABILITIES];

const message = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });
/** One JSONL line: the last message is the assistant's reply. */
export const ftExample = z.object({
  capability: z.enum(['reasoner', 'entity-identifier', 'knowledge-summarizer']),
  questionId: z.string(),
  messages: z
    .array(message)
    .min(2)
    .refine((m) => m.at(-1)!.role === 'assistant', 'the last message must be the assistant reply'),
});
export type FtExample = z.infer<typeof ftExample>;

/** Correct = Acc† when the answers were judged, else EM = 1 or Acc = 1. */
export function isCorrect(score: { em?: number; acc?: number }, judged?: 0 | 1 | null): boolean {
  if (judged === 0 || judged === 1) return judged === 1;
  return score.em === 1 || score.acc === 1;
}

export function ftExamples(trace: Trace, correct: boolean): FtExample[] {
  if (!correct || trace.status !== 'done') return [];
  const out: FtExample[] = [];
  for (const e of trace.events) {
    if (e.type !== 'llm') continue;
    const capability = FT_CAPABILITIES[e.module as keyof typeof FT_CAPABILITIES];
    if (!capability) continue;
    out.push({
      capability,
      questionId: trace.question.id,
      messages: [...e.prompt.map((m) => ({ ...m })), { role: 'assistant', content: e.response }],
    });
  }
  return out;
}

export const ftJsonl = (examples: readonly FtExample[]): string =>
  examples.map((x) => JSON.stringify(x) + '\n').join('');

/** Counts per capability, for the CLI and the batch page. */
export function ftCounts(examples: readonly FtExample[]): Record<FtCapability, number> {
  const c: Record<FtCapability, number> = { reasoner: 0, 'entity-identifier': 0, 'knowledge-summarizer': 0 };
  for (const x of examples) c[x.capability]++;
  return c;
}
