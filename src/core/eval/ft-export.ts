// DualRAG-FT training data (DualRAG §3.2): from trajectories that answered correctly, one chat-format
// example per call of the Reasoner, the Entity Identifier and the Knowledge Summarizer, with the prompt
// exactly as run (the trace's `llm` events) and the model's reply as the assistant turn. Wrong or
// unfinished trajectories are never exported. Every line carries its provenance (the model that wrote
// the reply, its prompt's version and the run's, how correctness was judged); replies of the offline
// thinker (a heuristic stand-in, not a model) are refused unless asked for, and then say so.
// Not done: §3.2's post-processing ("perform entity linking, and remove redundant entities" in the
// Entity Identifier's replies; "compare model-generated summaries with ground-truth documents" to
// repair the Summarizer's): the replies are exported as the model wrote them, and every line says so.
import { z } from 'zod';
import { HopscopeError } from '../errors.ts';
import type { Trace } from '../trace/schema.ts';

/** The model name the offline thinker records on its `llm` events. */
const OFFLINE_THINKER_MODEL = 'offline-thinker';

export const FT_POST_PROCESSING =
  'none: DualRAG §3.2 entity de-duplication and summary repair against the ground-truth documents are not applied';

export const FT_CAPABILITIES = {
  'dualrag.reasoner': 'reasoner',
  'dualrag.entity-identifier': 'entity-identifier',
  'dualrag.knowledge-summarizer': 'knowledge-summarizer',
} as const;
export type FtCapability = (typeof FT_CAPABILITIES)[keyof typeof FT_CAPABILITIES];

const message = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

/** Where a line came from. */
const ftProvenance = z.object({
  /** 'offline-thinker': the heuristic stand-in wrote the reply (only with the offline flag). */
  source: z.enum(['llm', 'offline-thinker']),
  provider: z.string(),
  model: z.string(),
  /** This call's prompt version, and every prompt version of the run (module -> version). */
  promptVersion: z.string(),
  prompts: z.record(z.string(), z.string()),
  traceId: z.string(),
  strategy: z.string(),
  reranker: z.string().optional(),
  /** How the trajectory was judged correct: the LLM judge (Acc†), or EM / Acc against the gold answer. */
  correctBy: z.enum(['judge', 'em-or-acc']),
  postProcessing: z.string(),
});
export type FtProvenance = z.infer<typeof ftProvenance>;

/** One JSONL line: the last message is the assistant's reply. */
export const ftExample = z.object({
  capability: z.enum(['reasoner', 'entity-identifier', 'knowledge-summarizer']),
  questionId: z.string(),
  provenance: ftProvenance,
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

export interface FtOptions {
  /** The trajectory counts as correct (see isCorrect). */
  correct: boolean;
  /** Acc† decided `correct` (the judge ran and gave a verdict). */
  judged?: boolean;
  /** Export the offline thinker's replies (each line then says it came from the offline thinker). */
  allowOffline?: boolean;
}

export function ftExamples(trace: Trace, o: FtOptions): FtExample[] {
  if (!o.correct || trace.status !== 'done') return [];
  const prompts = (trace.options.prompts ?? {}) as Record<string, string>;
  const reranker = typeof trace.options.reranker === 'string' ? { reranker: trace.options.reranker } : {};
  const out: FtExample[] = [];
  for (const e of trace.events) {
    if (e.type !== 'llm') continue;
    const capability = FT_CAPABILITIES[e.module as keyof typeof FT_CAPABILITIES];
    if (!capability) continue;
    const offline = e.model === OFFLINE_THINKER_MODEL;
    if (offline && !o.allowOffline)
      throw new HopscopeError(
        'eval.ft-export',
        `trace ${trace.id} (question ${trace.question.id}): its ${e.module} reply was written by the offline thinker, a heuristic stand-in, not a model; DualRAG-FT exports model replies only (ask for offline lines explicitly to export them, labelled)`,
      );
    out.push({
      capability,
      questionId: trace.question.id,
      provenance: {
        source: offline ? 'offline-thinker' : 'llm',
        provider: e.provider,
        model: e.model,
        promptVersion: prompts[e.module] ?? 'unknown',
        prompts: { ...prompts },
        traceId: trace.id,
        strategy: trace.strategy,
        ...reranker,
        correctBy: o.judged ? 'judge' : 'em-or-acc',
        postProcessing: FT_POST_PROCESSING,
      },
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
