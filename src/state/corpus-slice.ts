// Which corpus the workbench works on: the built-in demo or one from the library.
import type { StateCreator } from 'zustand/vanilla';
import type { AppState } from './store.ts';

export const DEMO_CORPUS_ID = 'demo';

export interface CorpusSlice {
  activeCorpusId: string;
  /** Switching corpus clears the question and what was shown for the old one. */
  setActiveCorpus(id: string): void;
}

export const CORPUS_DEFAULTS = { activeCorpusId: DEMO_CORPUS_ID } as const;

export const createCorpusSlice: StateCreator<AppState, [], [], CorpusSlice> = (set) => ({
  ...CORPUS_DEFAULTS,
  setActiveCorpus: (activeCorpusId) =>
    set((s) => ({
      activeCorpusId,
      questionId: null,
      questionText: '',
      compareQuestionId: null,
      compareRequested: 0,
      batchRuns: [],
      batchStatus: 'idle',
      batchTotal: 0,
      runSeq: s.runSeq + 1,
      runStatus: 'idle',
      trace: null,
      events: [],
      runQuestion: null,
      runError: null,
      runPassages: null,
      step: null,
      graphRound: null,
      selectedNode: null,
    })),
});
