// Which LLM replies the cache may keep (withCache in src/core/llm/create-llm.ts): a reply is stored only when it
// parses with the parser of the prompt that asked for it, so an unusable reply (prose where JSON was
// due, empty, null content) is never served again from the cache.
import type { StrategyPrompts } from '../core/strategies/prompt-port.ts';
import { STRATEGY_PROMPTS } from './strategy-prompts.ts';

export function replyParses(prompts: StrategyPrompts = STRATEGY_PROMPTS): (module: string, text: string) => boolean {
  const parsers = new Map<string, (text: string) => unknown>();
  for (const p of Object.values(prompts) as { module: string; parse: (text: string, n: number) => unknown }[]) {
    // the verifier's parse also takes the candidate count; any count accepts a well-formed reply
    parsers.set(p.module, (text) => p.parse(text, Number.MAX_SAFE_INTEGER));
  }
  return (module, text) => {
    const parse = parsers.get(module);
    if (!parse) return text.trim() !== ''; // a module without a parser here: keep non-empty replies
    try {
      parse(text);
      return true;
    } catch {
      return false;
    }
  };
}
