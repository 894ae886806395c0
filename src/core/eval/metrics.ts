// Public surface of the evaluation metrics (answer EM/F1/Acc, passage recall, pooled summaries).
export { normalizeAnswer } from './normalize.ts';
export { exactMatch, f1, accuracy } from './answer-metrics.ts';
export { recallAtK, allGoldAtK, goldRanks, goldRecallAtK, goldAllAtK } from './retrieval-metrics.ts';
export { summarize, type QuestionScore, type ScoreMeans, type Summary } from './summary.ts';
export { MetricError } from './errors.ts';
