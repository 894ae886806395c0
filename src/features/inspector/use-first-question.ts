import { useEffect } from 'react';
import type { Question } from '../../core/types.ts';
import { appStore } from '../../state/store.ts';
import { useAppStore } from '../../state/use-app-store.ts';

/** On first open (and a corpus switch) picks the first question, unless the last session's comes back. */
export function usePickFirstQuestion(firstQuestion: Question | undefined) {
  const restored = useAppStore((s) => s.workspaceRestored);
  useEffect(() => {
    const s = appStore.getState();
    const untouched = s.questionId === null && s.questionText === '' && s.trace === null && s.events.length === 0;
    if (restored && firstQuestion && untouched) s.pickQuestion(firstQuestion.id, firstQuestion.question);
  }, [firstQuestion, restored]);
}
