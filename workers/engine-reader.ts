// "Retrieve once, then read": the no-iteration RAG baseline (HippoRAG's QA step: the reader prompt
// over the top passages). The LLM comes from the user's settings in this browser's storage, behind the
// shared composition (cache -> concurrency -> retry -> timeout) and traced per call.
import { HopscopeError } from '../src/core/errors.ts';
import { completeParsed } from '../src/core/llm/complete-json.ts';
import { createLlm } from '../src/core/llm/create-llm.ts';
import type { LlmPort } from '../src/core/llm/port.ts';
import { llmSettingsSchema } from '../src/core/llm/settings.ts';
import { withTrace } from '../src/core/llm/trace-event.ts';
import type { Stores } from '../src/core/store/ports.ts';
import type { TraceEvent } from '../src/core/trace/schema.ts';
import type { Passage } from '../src/core/types.ts';
import * as reader from '../src/prompts/qa-reader.ts';
import { replyParses } from '../src/prompts/reply-check.ts';
import { providerFromSettings } from '../src/providers/llm/from-settings.ts';
import { createOfflineThinker } from '../src/providers/llm/offline-thinker.ts';
import { LLM_SETTINGS_KEY } from './engine-api.ts';

/** Passages the reader sees (HippoRAG 2 reads the top 5). */
export const READER_TOP = 5;
export const READER_PROMPT_VERSION = reader.version;

/**
 * The LLM the settings describe, with the cache in this browser's storage. The offline thinker (label
 * "offline thinker (no LLM)") when the settings choose it, when none were ever saved (it is the
 * default provider), or when the engine has no storage at all (Node tests); it is not cached: it makes
 * no call worth caching, and a cached flag would misreport it.
 */
export async function llmFromStoredSettings(stores: Stores | undefined, corpusId: string): Promise<LlmPort> {
  const raw = stores ? await stores.settings.getSetting<unknown>(LLM_SETTINGS_KEY) : undefined;
  if (!stores || raw === undefined) return createOfflineThinker();
  const parsed = llmSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HopscopeError('engine', `the saved LLM settings are invalid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}); fix or reset them in Settings`);
  }
  if (parsed.data.provider === 'offline') return createOfflineThinker();
  const provider = providerFromSettings(parsed.data);
  return createLlm({ provider, cache: { store: stores.llmCache, corpusId, accept: replyParses() }, concurrency: parsed.data.concurrency, timeoutMs: parsed.data.timeoutMs });
}

export async function readAnswer(
  llm: LlmPort,
  question: string,
  passages: readonly Passage[],
  emit: (e: TraceEvent) => void,
  at: () => { t: number; round: number },
  signal?: AbortSignal,
): Promise<string> {
  const traced = withTrace(llm, emit, at);
  const { value } = await completeParsed(traced, { module: reader.module, messages: reader.build(question, passages.slice(0, READER_TOP)), json: true, temperature: 0 }, reader.parse, signal);
  emit({ type: 'answer', ...at(), text: value.answer });
  return value.answer;
}
