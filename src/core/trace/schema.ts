// The versioned, append-only event log of one run (DESIGN: Trace). Everything the user sees and
// every metric is read off traces, so the schema is validated on load. Version 1 traces are upgraded
// on load (load.ts); this file describes version 2.
import { z } from 'zod';
import { replyFormSchema } from '../llm/reply-form.ts';
import { branchRecord } from './branch.ts';

export const TRACE_VERSION = 2;

const ranked = z.object({ id: z.string(), score: z.number() });
const usage = z.object({
  prompt: z.number(),
  completion: z.number(),
  total: z.number(),
  /** Reasoning models: the completion tokens spent reasoning (part of `completion`). */
  reasoning: z.number().optional(),
});

export const thoughtKind = z.string().min(1);

/** What a retrieval returned besides passages; every item maps back to the passages it comes from. */
const itemKind = z.enum(['passage', 'triple', 'summary', 'community', 'entity']);
export const retrievedItem = z.object({
  kind: itemKind,
  id: z.string(),
  score: z.number(),
  /** Display text: "subject | predicate | object", a summary, a community report title, an entity name. */
  text: z.string(),
  /** Provenance: the passages this item comes from (a triple's passage, the passages under a tree node). */
  passages: z.array(z.string()),
  /** Tree level (RAPTOR: 0 = leaves) or community level (GraphRAG). */
  level: z.number().int().optional(),
});

/** A knowledge triple with the passage it was read from (GEAR's triple index: one passage per triple). */
export const tripleRef = z.object({
  id: z.string(),
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  passage: z.string().nullable().describe('source passage; null for a proximal triple not linked yet'),
});

/** One sequence of a triple beam (GEAR Alg. 1). */
const beamSequence = z.object({
  /** Triple ids, first to last (refer to the event's `triples`). */
  triples: z.array(z.string()),
  score: z.number(),
  /** Rank-based diversity weight exp(-min(n, gamma) / gamma) the last extension received. */
  weight: z.number(),
});

/** One entry of a structured memory: a gist triple (GEAR) or a knowledge-outline fragment (DualRAG). */
export const memoryEntry = z.object({
  text: z.string(),
  /** GEAR gist memory: the triple, when the entry is one. */
  triple: z.tuple([z.string(), z.string(), z.string()]).optional(),
  /** DualRAG outline: the entity the fragment is about. */
  entity: z.string().optional(),
  /** Provenance: the passages and queries the entry came from. */
  passages: z.array(z.string()),
  queries: z.array(z.string()),
  /** Round in which the entry was first written. */
  since: z.number().int().optional(),
});

export const regime = z.enum(['iterative', 'no-context', 'gold-context']);
export type Regime = z.infer<typeof regime>;

/**
 * A module name as the prompts and the code write them ("answer", "bdtr.verifier", "llm.file-cache"):
 * records are data, and a name like "__proto__" or "constructor" would address an object's prototype
 * wherever a reader keys by module, so a trace holding one is not a Hopscope trace.
 */
const MODULE_NAME = /^[A-Za-z][A-Za-z0-9]*(?:[._:/ -][A-Za-z0-9]+)*$/;
const moduleName = z.string().refine((m) => MODULE_NAME.test(m) && !(m in Object.prototype), {
  message: 'not a module name (letters and digits joined by . _ - : /)',
});

const base = { t: z.number().describe('ms since run start'), round: z.number().int() };

export const traceEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('round.start'), ...base }),
  z.object({ type: z.literal('thought'), ...base, kind: thoughtKind, text: z.string() }),
  z.object({
    type: z.literal('retrieve'),
    ...base,
    query: z.string(),
    label: z.string(),
    /** Passage ranking of this retrieval (items mapped to passages when the retriever returns other kinds). */
    results: z.array(ranked),
    /** Non-passage items the retrieval returned (triples, summaries, communities, entities), with provenance. */
    items: z.array(retrievedItem).optional(),
    /** DualRAG: the entity this query was written for. */
    entity: z.string().optional(),
  }),
  z.object({
    type: z.literal('pool'),
    ...base,
    /** Merged ranking after the round, best first; rank is 1-based; delta = previous rank - rank (null when new). */
    pool: z.array(ranked.extend({ rank: z.number().int(), delta: z.number().int().nullable() })),
  }),
  z.object({
    type: z.literal('context'),
    ...base,
    /** The module of the LLM call this context was shown to (the next `llm` event of that module). */
    module: moduleName,
    /** Passage ids in the order the prompt shows them. */
    ids: z.array(z.string()),
  }),
  z.object({
    type: z.literal('llm'),
    ...base,
    module: moduleName,
    prompt: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
    response: z.string(),
    /** Set only when `response` is a cut prefix: the whole reply's length (such a reply is never replayed). */
    replyLength: z.number().int().min(0).optional(),
    usage,
    cached: z.boolean(),
    latencyMs: z.number(),
    provider: z.string(),
    model: z.string(),
    /** Which form the prompt's parser read the reply from; absent when it fits none (or in older traces). */
    replyForm: replyFormSchema.optional(),
    /** How the reply's format was constrained: the prompt's JSON Schema, JSON mode, or nothing. */
    structured: z.enum(['json_schema', 'json_object', 'none']).optional(),
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
    type: z.literal('beam'),
    ...base,
    /** Expansion step (1 .. length l). */
    step: z.number().int(),
    /** The sequences kept after this step, best first. */
    kept: z.array(beamSequence),
    /** Candidates scored at this step and not kept. */
    pruned: z.array(beamSequence),
    /** Every triple the sequences refer to. */
    triples: z.array(tripleRef),
  }),
  z.object({
    type: z.literal('memory'),
    ...base,
    kind: z.string().min(1).describe('gist (GEAR) | outline (DualRAG) | notes'),
    /** The whole memory after this step (not a delta): the fold diffs consecutive snapshots. */
    entries: z.array(memoryEntry),
  }),
  z.object({
    type: z.literal('plan'),
    ...base,
    step: z.number().int(),
    action: z.enum(['continue', 'finalize']),
    partialAnswer: z.string(),
    /** The next sub-query (continue) or absent (finalize). */
    subquery: z.string().optional(),
    /** Sufficiency score in [0, 1] the planner gave its evidence. */
    sufficiency: z.number().min(0).max(1).optional(),
    /** Entities carried from the previous step into this step's query. */
    anchors: z.array(z.string()),
    /** Every entity the planner named as an anchor for its sub-query, carried or not. */
    declared: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('answer'),
    ...base,
    text: z.string(),
    /** Passage ids the answer cites (the planner's composer). */
    citations: z.array(z.string()).optional(),
  }),
  z.object({ type: z.literal('warning'), ...base, module: moduleName, message: z.string() }),
  z.object({ type: z.literal('error'), ...base, module: moduleName, message: z.string() }),
]);

export type TraceEvent = z.infer<typeof traceEvent>;
export type TraceEventOf<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;
export type ThoughtKind = z.infer<typeof thoughtKind>;
export type RetrievedItem = z.infer<typeof retrievedItem>;
export type TripleRef = z.infer<typeof tripleRef>;
export type MemoryEntry = z.infer<typeof memoryEntry>;

/** Structured gold: what the dataset says about each hop, and the bridge passages defined from it (src/core/eval/bridge.ts). */
const questionEvidence = z.object({
  hops: z.array(
    z.object({
      /** Supporting passages of this hop (ids in the corpus). */
      passages: z.array(z.string()),
      /** The hop as the dataset writes it (MuSiQue "#1 >> capital"; 2Wiki evidence "s | r | o"). */
      question: z.string().optional(),
      /** The hop's answer (MuSiQue), or the evidence triple's object (2Wiki). */
      answer: z.string().optional(),
      /** Supporting sentence indices in the hop's passage (HotpotQA). */
      sentences: z.array(z.number().int()).optional(),
    }),
  ),
  /** Gold passage ids that are bridges (a subset of `gold`), and the rule that chose them in words. */
  bridge: z.array(z.string()),
  bridgeRule: z.string(),
});

export const traceQuestion = z.object({
  id: z.string(),
  question: z.string(),
  /** Gold answer and its aliases; empty when unknown. */
  answers: z.array(z.string()),
  /** Gold passage ids in the corpus (supporting evidence); with goldItems, their union. */
  gold: z.array(z.string()),
  /** Dataset question type (bridge, comparison, compositional) and number of hops, where the dataset says so. */
  type: z.string().optional(),
  hops: z.number().optional(),
  /** Read only to score a finished run. */
  evidence: questionEvidence.optional(),
  /** Gold items of a document questions file (a file, or a file and heading path): the passages each names. */
  goldItems: z.array(z.array(z.string())).optional(),
});

export const traceSchema = z.object({
  version: z.literal(TRACE_VERSION),
  id: z.string(),
  createdAt: z.string(),
  strategy: z.string(),
  retriever: z.string(),
  llm: z.string().describe('provider label; "offline thinker (no LLM)" for the stand-in'),
  /** Evidence regime (the diagnostic study): gold-context is an oracle and is labelled so everywhere. */
  regime: regime,
  options: z.record(z.string(), z.unknown()),
  corpus: z.object({ id: z.string(), name: z.string() }),
  question: traceQuestion,
  events: z.array(traceEvent),
  status: z.enum(['running', 'done', 'failed', 'aborted']),
  /**
   * What a rerun must match to reuse this trace (CLI resume): corpus fingerprint, backbone with its
   * base and triple source, LLM version. Never holds credentials.
   */
  provenance: z.record(z.string(), z.string()).optional(),
  /** A what-if branch: its parent trace (hash and id), the step it diverges at and the change (src/core/whatif). */
  branch: branchRecord.optional(),
});

export type Trace = z.infer<typeof traceSchema>;
export type TraceQuestion = z.infer<typeof traceQuestion>;
