// The versioned, append-only event log of one run (DESIGN: Trace). Everything the user sees and
// every metric is read off traces, so the schema is validated on load.
import { z } from 'zod';

export const TRACE_VERSION = 1;

const ranked = z.object({ id: z.string(), score: z.number() });
const usage = z.object({ prompt: z.number(), completion: z.number(), total: z.number() });

export const thoughtKind = z.enum(['fast', 'slow', 'cot', 'subquery', 'rewrite', 'reasoning-chain', 'sufficiency']);

const base = { t: z.number().describe('ms since run start'), round: z.number().int() };

export const traceEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('round.start'), ...base }),
  z.object({ type: z.literal('thought'), ...base, kind: thoughtKind, text: z.string() }),
  z.object({
    type: z.literal('retrieve'),
    ...base,
    query: z.string(),
    label: z.string(),
    results: z.array(ranked),
  }),
  z.object({
    type: z.literal('pool'),
    ...base,
    /** Merged ranking after the round, best first; rank is 1-based; delta = previous rank - rank (null when new). */
    pool: z.array(ranked.extend({ rank: z.number().int(), delta: z.number().int().nullable() })),
  }),
  z.object({
    type: z.literal('llm'),
    ...base,
    module: z.string(),
    prompt: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
    response: z.string(),
    usage,
    cached: z.boolean(),
    latencyMs: z.number(),
    provider: z.string(),
    model: z.string(),
  }),
  z.object({ type: z.literal('verify'), ...base, candidates: z.array(z.string()), selected: z.array(z.string()) }),
  z.object({
    type: z.literal('promote'),
    ...base,
    moves: z.array(z.object({ id: z.string(), from: z.number().int(), to: z.number().int() })),
  }),
  z.object({
    type: z.literal('cutoff'),
    ...base,
    mu: z.number(),
    sigma: z.number(),
    threshold: z.number(),
    kept: z.array(z.string()),
  }),
  z.object({
    type: z.literal('memory'),
    ...base,
    kind: z.enum(['gist', 'outline']),
    items: z.array(z.string()),
  }),
  z.object({ type: z.literal('answer'), ...base, text: z.string() }),
  z.object({ type: z.literal('error'), ...base, module: z.string(), message: z.string() }),
]);

export type TraceEvent = z.infer<typeof traceEvent>;
export type ThoughtKind = z.infer<typeof thoughtKind>;

export const traceSchema = z.object({
  version: z.literal(TRACE_VERSION),
  id: z.string(),
  createdAt: z.string(),
  strategy: z.string(),
  retriever: z.string(),
  llm: z.string().describe('provider label; "offline thinker (no LLM)" for the stand-in'),
  options: z.record(z.string(), z.unknown()),
  corpus: z.object({ id: z.string(), name: z.string() }),
  question: z.object({
    id: z.string(),
    question: z.string(),
    answers: z.array(z.string()),
    gold: z.array(z.string()),
    type: z.string().optional(),
    hops: z.number().optional(),
  }),
  events: z.array(traceEvent),
  status: z.enum(['running', 'done', 'failed', 'aborted']),
});

export type Trace = z.infer<typeof traceSchema>;
