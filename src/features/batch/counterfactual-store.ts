// The browser batch's counterfactual attribution: the spec chosen in the batch setup and, per run of
// the batch (strategy variant | question id), the row core counts failed / fixed / broken from.
import { createStore } from 'zustand/vanilla';
import type { CounterfactualEntry } from '../../core/whatif/batch.ts';
import { parseCounterfactual, type CounterfactualSpec } from '../../core/whatif/counterfactual.ts';

/** The k of the counterfactual recall deltas (the results table's Recall@5). */
export const COUNTERFACTUAL_KS = [5] as const;

/** Each choice's label, and what it changes (the select's hover title). */
export const CHOICES = {
  none: ['none', 'no counterfactual'],
  rerun: ['rerun (control)', 'no change: replays round 0 and runs the rest live; every row should read unchanged'],
  'gold-bridge': [
    'gold-bridge@R (oracle)',
    "oracle: the question's bridge passages inserted at the top of the pool after round R",
  ],
  'gold-all': ['gold-all@R (oracle)', 'oracle: every gold passage inserted at the top of the pool after round R'],
  'drop-promoted': ['drop-promoted', "the verifier's promotions undone (it selects nothing)"],
} as const satisfies Record<string, readonly [label: string, hint: string]>;
export type CounterfactualChoice = keyof typeof CHOICES;

/** Whether the choice takes a round R. */
export const takesRound = (c: CounterfactualChoice): boolean => c === 'gold-bridge' || c === 'gold-all';

/** The spec a choice and round stand for (null: no counterfactual). */
export function specOf(choice: CounterfactualChoice, round: number): CounterfactualSpec | null {
  if (choice === 'none') return null;
  return parseCounterfactual(takesRound(choice) ? `${choice}@${round}` : choice);
}

export interface CounterfactualRun {
  /** The batch variant the plain run belongs to (a strategy column of the results). */
  strategy: string;
  entry: CounterfactualEntry;
}

interface CounterfactualState {
  choice: CounterfactualChoice;
  round: number;
  /** The spec the current results were made with (the choice may change after the batch). */
  spec: CounterfactualSpec | null;
  runs: Record<string, CounterfactualRun>;
  setChoice(choice: CounterfactualChoice): void;
  setRound(round: number): void;
  /** A new batch (not a resume): forget the old rows and keep the spec it runs with. */
  start(spec: CounterfactualSpec | null, resume: boolean): void;
  add(key: string, run: CounterfactualRun): void;
}

export const counterfactualStore = createStore<CounterfactualState>()((set) => ({
  choice: 'none',
  round: 1,
  spec: null,
  runs: {},
  setChoice: (choice) => set({ choice }),
  setRound: (round) => set({ round: Number.isInteger(round) && round >= 0 ? round : 1 }),
  start: (spec, resume) => set((s) => (resume && s.spec?.text === spec?.text ? {} : { spec, runs: {} })),
  add: (key, run) => set((s) => ({ runs: { ...s.runs, [key]: run } })),
}));
