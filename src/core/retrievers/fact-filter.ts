// HippoRAG 2's recognition memory (OSU-NLP-Group/HippoRAG, rerank.py DSPyFilter.rerank): an LLM reads the
// query's top candidate facts and keeps the relevant ones; each fact it returns is mapped to its closest
// candidate (HippoRAG uses difflib.get_close_matches with cutoff 0; here a character-bigram Dice
// similarity, exact matches first) so a reworded fact still selects the candidate it came from.
// The prompt is injected (src/prompts/hipporag2-recognition-filter.ts) because core does not import prompts.
import type { ChatMessage, LlmPort } from '../llm/port.ts';

export type FactTuple = readonly [string, string, string];

/** The prompt port: build the messages, parse the reply into facts (raising LlmOutputError when unreadable). */
export interface FactFilterPrompt {
  module: string;
  version: string;
  build(question: string, facts: readonly FactTuple[]): ChatMessage[];
  parse(reply: string): FactTuple[];
}

export interface FactFilterResult {
  /** Indices into the candidates, in the order the model listed them, without repeats. */
  kept: number[];
  /** Set when the reply could not be read: nothing was kept (HippoRAG 2 likewise keeps nothing on an error). */
  error?: string;
}

export interface FactFilter {
  /** Shown in traces, e.g. "recognition memory (hipporag2-dspy-filter/1, openai gpt-4o-mini)". */
  readonly label: string;
  filter(query: string, candidates: readonly FactTuple[], signal?: AbortSignal): Promise<FactFilterResult>;
}

function bigrams(s: string): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) {
    const g = s.slice(i, i + 2);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/** Dice coefficient of character bigrams, in [0, 1]. */
function bigramDice(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [g, n] of x) {
    shared += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return total === 0 ? (a === b ? 1 : 0) : (2 * shared) / total;
}

const key = (f: FactTuple) => f.map((x) => x.toLowerCase().trim()).join(' | ');

/** The candidate each returned fact stands for: an exact match, else the most similar one (ties: earlier). */
export function matchToCandidates(returned: readonly FactTuple[], candidates: readonly FactTuple[]): number[] {
  const keys = candidates.map(key);
  const kept: number[] = [];
  for (const f of returned) {
    const k = key(f);
    let best = keys.indexOf(k);
    if (best < 0) {
      let bestScore = -1;
      keys.forEach((c, i) => {
        const s = bigramDice(k, c);
        if (s > bestScore) [best, bestScore] = [i, s];
      });
    }
    if (best >= 0 && !kept.includes(best)) kept.push(best);
  }
  return kept;
}

export function createLlmFactFilter(llm: LlmPort, prompt: FactFilterPrompt): FactFilter {
  return {
    label: `recognition memory (${prompt.version}, ${llm.label})`,
    async filter(query, candidates, signal) {
      if (candidates.length === 0) return { kept: [] };
      const reply = await llm.complete(
        { module: prompt.module, messages: prompt.build(query, candidates), maxTokens: 512, temperature: 0 },
        signal,
      );
      try {
        return { kept: matchToCandidates(prompt.parse(reply.text), candidates) };
      } catch (e) {
        return { kept: [], error: (e as Error).message };
      }
    },
  };
}
