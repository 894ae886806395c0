// What the user is about to run: the picked dataset question (if any), the text in the box, and the
// backbone/strategy choice. Typing a text that differs from the picked question makes it a typed
// question (no gold), so the picker and the input never disagree.
import type { StateCreator } from 'zustand/vanilla';
import type { RunBackbone, RunStrategy } from '../engine/engine-api.ts';
import type { AppState } from './store.ts';
import { DEFAULT_STRATEGY } from '../core/strategies/registry.ts';
import { DEFAULT_BACKBONE } from '../core/backbones/about.ts';

export type Backbone = RunBackbone;
export type StrategyName = RunStrategy;

export interface QuestionSlice {
  questionId: string | null;
  questionText: string;
  backbone: Backbone;
  strategy: StrategyName;
  /** Passages in the ranking. */
  k: number;
  pickQuestion(id: string | null, text: string): void;
  setBackbone(backbone: Backbone): void;
  setStrategy(strategy: StrategyName): void;
  typeQuestion(text: string): void;
}

/** BDTR first: the paper's method, run live on the built-in demo (with the offline thinker until Settings name an LLM). */
export const QUESTION_DEFAULTS: Pick<QuestionSlice, 'questionId' | 'questionText' | 'backbone' | 'strategy' | 'k'> = {
  questionId: null,
  questionText: '',
  backbone: DEFAULT_BACKBONE,
  strategy: DEFAULT_STRATEGY,
  k: 20,
};

export const createQuestionSlice: StateCreator<AppState, [], [], QuestionSlice> = (set) => ({
  ...QUESTION_DEFAULTS,
  pickQuestion: (id, text) => set({ questionId: id, questionText: text }),
  setBackbone: (backbone) => set({ backbone }),
  setStrategy: (strategy) => set({ strategy }),
  typeQuestion: (text) => set({ questionText: text, questionId: null }),
});
