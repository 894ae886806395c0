// Per-question scores of a finished trace: answer metrics and Recall@k of the final context (the cut
// set when there is a cut, else the last pool), as `npm run eval` and the batch measure it (src/core/eval).
import { accuracy, exactMatch, f1, recallAtK } from '../../core/eval/metrics.ts';
import type { Question } from '../../core/types.ts';
import type { TraceModel } from './model.ts';

export const RECALL_KS = [2, 5, 10] as const;

export interface TraceScores {
  answer: { em: number; f1: number; acc: number } | null;
  recall: { k: number; value: number }[] | null;
}

export function scoreTrace(model: TraceModel, question: Question): TraceScores {
  const answer = model.answer !== null && question.answers.length > 0
    ? { em: exactMatch(model.answer, question.answers), f1: f1(model.answer, question.answers), acc: accuracy(model.answer, question.answers) }
    : null;
  const recall = question.gold.length > 0 && model.finalRanking.length > 0 ? RECALL_KS.map((k) => ({ k, value: recallAtK(model.finalRanking, question.gold, k) })) : null;
  return { answer, recall };
}
