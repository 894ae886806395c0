// What the user is about to run: the picked dataset question (if any), the text in the box, and the
// backbone/strategy choice. Typing a text that differs from the picked question makes it a typed
// question (no gold), so the picker and the input never disagree.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './store.ts';

export type Backbone = 'bm25';
export type StrategyName = 'single';

export interface QuestionSlice {
  questionId: string | null;
  questionText: string;
  backbone: Backbone;
  strategy: StrategyName;
  /** Passages in the ranking. */
  k: number;
  pickQuestion(id: string | null, text: string): void;
  typeQuestion(text: string): void;
}

export const QUESTION_DEFAULTS = { questionId: null, questionText: '', backbone: 'bm25', strategy: 'single', k: 20 } as const;

export const createQuestionSlice: StateCreator<AppState, [], [], QuestionSlice> = (set) => ({
  ...QUESTION_DEFAULTS,
  pickQuestion: (id, text) => set({ questionId: id, questionText: text }),
  typeQuestion: (text) => set({ questionText: text, questionId: null }),
});
