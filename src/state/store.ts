// UI state only (DESIGN): typed slices combined once into one framework-free store (zustand's
// slices pattern). React reads it through ./use-app-store.ts; tests call resetAppStore().
import { createStore } from 'zustand/vanilla';
import { createQuestionSlice, QUESTION_DEFAULTS, type QuestionSlice } from './question-slice.ts';
import { createRunSlice, RUN_DEFAULTS, type RunSlice } from './run-slice.ts';
import { createGraphSlice, GRAPH_DEFAULTS, type GraphSlice } from './graph-slice.ts';
import { compareDefaults, createCompareSlice, type CompareSlice } from './compare-slice.ts';
import { batchDefaults, createBatchSlice, type BatchSlice } from './batch-slice.ts';
import { CORPUS_DEFAULTS, createCorpusSlice, type CorpusSlice } from './corpus-slice.ts';
import { createViewSlice, VIEW_DEFAULTS, type ViewSlice } from './view-slice.ts';

export type AppState = QuestionSlice & RunSlice & ViewSlice & GraphSlice & CompareSlice & BatchSlice & CorpusSlice;

export function createAppStore() {
  return createStore<AppState>()((...a) => ({
    ...createQuestionSlice(...a),
    ...createRunSlice(...a),
    ...createViewSlice(...a),
    ...createGraphSlice(...a),
    ...createCompareSlice(...a),
    ...createBatchSlice(...a),
    ...createCorpusSlice(...a),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;

/** The app's one store. */
export const appStore = createAppStore();

/** Back to first-start state (data fields only; actions are kept). */
export function resetAppStore(store: AppStore = appStore): void {
  store.setState({
    ...QUESTION_DEFAULTS,
    ...RUN_DEFAULTS,
    events: [],
    ...VIEW_DEFAULTS,
    ...GRAPH_DEFAULTS,
    ...compareDefaults(),
    ...batchDefaults(),
    ...CORPUS_DEFAULTS,
  });
}
