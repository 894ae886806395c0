// What an empty panel says, in words that are true for the run on screen: no run yet,
// a strategy that never writes this, or a step before the event that writes it.

export interface RunContext {
  /** Strategy of the run on screen; null when nothing has run. */
  strategy: string | null;
  /** Stepping through the run (a prefix of its events is shown). */
  stepping: boolean;
  running: boolean;
  /** The run failed (the failure panel above says where and why). */
  failed?: boolean;
}

import { findStrategy } from '../../core/strategies/index.ts';

// From the descriptors: a strategy writes a chain or verifies when it uses that prompt.
const writesChain = (s: string) => findStrategy(s)?.prompts.includes('reasoningChain') ?? false;
const verifies = (s: string) => findStrategy(s)?.prompts.includes('verifier') ?? false;
const answers = (s: string) => findStrategy(s)?.needs.llm ?? true;

export function answerPlaceholder(c: RunContext): string {
  if (c.running) return 'Running…';
  if (c.failed) return 'No answer: the run failed before answering (the error and what to do next are shown above).';
  if (c.strategy === null) return 'No run yet: press Run (or take the guided tour) to get an answer.';
  if (!answers(c.strategy)) return 'Retrieval only: this strategy does not answer.';
  if (c.stepping) return 'Not answered yet at this step: the answer comes at the end of the run (End shows it).';
  return 'This run ended without an answer.';
}

export function chainPlaceholder(c: RunContext): string {
  if (c.strategy === null) return 'No run yet: BDTR writes a reasoning chain in its last round.';
  if (!writesChain(c.strategy)) return `${c.strategy} writes no reasoning chain (only BDTR does, in its last round).`;
  if (c.stepping || c.running)
    return 'Not written yet at this step: BDTR writes its reasoning chain in its last round.';
  return 'No reasoning chain in this trace.';
}

export function verifierPlaceholder(c: RunContext): string {
  if (c.strategy === null) return "No run yet: BDTR's verifier runs after the last round.";
  if (!verifies(c.strategy)) return `${c.strategy} has no verifier (BDTR's calibration step).`;
  if (c.stepping || c.running) return 'Not run yet at this step: the verifier runs after the last round.';
  return 'No verifier in this trace.';
}
