// Adaptive stopping (BDTR's open question 1: a fixed R = 2 is likely suboptimal). Checked after each
// round but the last; `rounds` becomes the cap.
//   fixed   run every round (the paper).
//   stable  stop when the next round would not change the leading ranks: this round left the top-5
//           set unchanged AND every query it issued repeats an earlier one (content-word Jaccard
//           >= 0.8), so the next prompt would show the same passages and the same thoughts.
//   llm     stop when the ToG-style sufficiency check (Fig. 11) over the pool's top passages answers
//           ("So the answer is: ..."): one extra LLM call per checked round.
// A stop is recorded as a `thought` of kind `stop` saying why; rounds used = the last round.start.
import { z } from 'zod';
import type { Ranked } from '../types.ts';
import type { Run } from './context.ts';
import type { StrategyPrompts } from './prompt-port.ts';

const STOP_MODES = ['fixed', 'stable', 'llm'] as const;
export type StopMode = (typeof STOP_MODES)[number];
/** LLM module of the sufficiency check used for stopping (the Fig. 11 prompt; its own module for costs). */
const STOP_MODULE = 'stop.sufficiency';
/** The prompt the sufficiency check uses (its version is recorded with the strategy's prompts). */
export const STOP_PROMPT = 'tog' satisfies keyof StrategyPrompts;
export const stopOption = { stop: z.enum(STOP_MODES).default('fixed') };

const STOPWORDS = new Set(
  'the a an of in on at to for by with from and or is was were are be been who what which when where whose how did does do that this it its as his her their'.split(
    ' ',
  ),
);

function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOPWORDS.has(w)));
}

/** Content-word Jaccard similarity of two queries (1 for two empty ones). */
export function querySimilarity(a: string, b: string): number {
  const x = contentWords(a);
  const y = contentWords(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

const repeatsEarlier = (query: string, earlier: readonly string[], threshold = 0.8) =>
  earlier.some((e) => querySimilarity(query, e) >= threshold);

/** The top-k sets (not orders) of two rankings are equal. */
export function topSetStable(before: readonly Ranked[], after: readonly Ranked[], k = 5): boolean {
  const a = new Set(before.slice(0, k).map((r) => r.id));
  const b = after.slice(0, k).map((r) => r.id);
  return a.size === b.length && b.every((id) => a.has(id));
}

export interface RoundOutcome {
  /** The pool before and after this round. */
  before: readonly Ranked[];
  after: readonly Ranked[];
  /** Queries this round issued, and every query issued before it (the question first). */
  queries: readonly string[];
  earlier: readonly string[];
  /** Passages the sufficiency check is shown. */
  contextTop: number;
}

/** Whether to stop after `round` (never after the last: `rounds` is the cap); records the `stop` thought when it does. */
export async function shouldStop(
  run: Run,
  { stop: mode, rounds }: { stop: StopMode; rounds: number },
  round: number,
  o: RoundOutcome,
): Promise<boolean> {
  if (mode === 'fixed' || round >= rounds) return false;
  if (mode === 'stable') {
    if (!topSetStable(o.before, o.after) || !o.queries.every((q) => repeatsEarlier(q, o.earlier))) return false;
    run.recorder.add({
      type: 'thought',
      kind: 'stop',
      text: `stop after round ${round}: the top-5 set did not change and the thoughts repeat earlier queries`,
    });
    return true;
  }
  run.checkAbort();
  const p = run.prompts[STOP_PROMPT];
  const shown = run.passagesOf(o.after, o.contextTop);
  const check = { ...p, module: STOP_MODULE };
  const step = p.parse(await run.prompt(check, o.after.slice(0, o.contextTop), run.question.question, shown, []));
  if (!step.final) return false;
  run.recorder.add({
    type: 'thought',
    kind: 'stop',
    text: `stop after round ${round}: the sufficiency check answers (${step.answer})`,
  });
  return true;
}
