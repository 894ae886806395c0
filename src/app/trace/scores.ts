// Per-question scores of a finished trace: answer metrics and Recall@k of the final context (the cut
// set when there is a cut, else the last pool), as `npm run eval` and the batch measure it (src/core/eval):
// over gold items when a document questions file named files or sections; null (n/a) without gold.
import { goldRecallAtK } from '../../core/eval/metrics.ts';
import { answerScores } from '../../core/eval/run-metrics.ts';
import type { Question } from '../../core/types.ts';
import type { TraceModel } from '../../core/trace/fold.ts';

const RECALL_KS = [2, 5, 10] as const;

export function scoreTrace(model: TraceModel, question: Question) {
  const answer = answerScores(model.answer, question.answers);
  const recall =
    question.gold.length > 0 && model.finalRanking.length > 0
      ? RECALL_KS.map((k) => ({ k, value: goldRecallAtK(model.finalRanking, question, k) as number }))
      : null;
  return { answer, recall };
}
