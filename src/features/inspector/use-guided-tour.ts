import { useState } from 'react';
import { DEFAULT_STRATEGY } from '../../core/strategies/index.ts';
import type { Question } from '../../core/types.ts';
import { appStore } from '../../state/store.ts';

/** A run on screen that the tour would replace (it walks a finished BDTR run). */
function tourReplaces(): boolean {
  const s = appStore.getState();
  return s.trace !== null && !(s.runStatus === 'done' && s.trace.strategy === DEFAULT_STRATEGY);
}

/** The tour walks a finished BDTR run: the one on screen, else a fresh run (asking before it replaces one). */
export function useGuidedTour(questions: readonly Question[], run: (question: Question) => Promise<void>) {
  const [touring, setTouring] = useState(false);
  const [asking, setAsking] = useState(false);
  const start = async () => {
    setAsking(false);
    const s = appStore.getState();
    if (!(s.runStatus === 'done' && s.trace?.strategy === DEFAULT_STRATEGY)) {
      const q = questions.find((x) => x.id === s.questionId) ?? questions[0];
      if (!q) return;
      s.setStrategy(DEFAULT_STRATEGY);
      s.pickQuestion(q.id, q.question);
      await run(q);
      if (appStore.getState().runStatus !== 'done') return;
    }
    setTouring(true);
  };
  return {
    touring,
    asking,
    start,
    /** The tour button: ask first when a run on screen would be replaced. */
    request: () => (tourReplaces() ? setAsking(true) : void start()),
    keepRun: () => setAsking(false),
    close: () => setTouring(false),
  };
}

export type GuidedTourState = ReturnType<typeof useGuidedTour>;
