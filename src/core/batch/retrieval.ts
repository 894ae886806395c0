// Batch evaluation of one retriever over a question set: the per-question rows and pooled summary of
// the eval CLI's JSON contract ({ summary, questions: [{ id, type, goldIds, ranking, goldRanks }] }).
import type { Question, Ranked, Retriever } from '../types.ts';
import { goldRanks, goldRecallAtK, goldAllAtK, summarize, type QuestionScore, type Summary } from '../eval/metrics.ts';
import { mapConcurrent } from '../map-concurrent.ts';

export type RetrievalRow = Pick<Question, 'id' | 'question' | 'type' | 'hops'> & {
  goldIds: string[];
  ranking: Ranked[];
  goldRanks: (number | null)[];
};

const idOf = (r: Ranked) => r.id;

export function scoreRanking(question: Question, ranking: readonly Ranked[], ks: readonly number[]): QuestionScore {
  const ids = ranking.map(idOf);
  const recall: Record<number, number> = {};
  const allGold: Record<number, number> = {};
  let noGold = false;
  for (const k of ks) {
    const r = goldRecallAtK(ids, question, k);
    const a = goldAllAtK(ids, question, k);
    if (r === null || a === null) noGold = true;
    else {
      recall[k] = r;
      allGold[k] = a;
    }
  }
  return { id: question.id, type: question.type, hops: question.hops, recall, allGold, ...(noGold ? { noGold } : {}) };
}

export async function evaluateRetrieval(
  questions: readonly Question[],
  retriever: Retriever,
  options: { ks: number[]; concurrency?: number; onProgress?: (done: number, total: number) => void },
): Promise<{ summary: Summary; questions: RetrievalRow[] }> {
  const depth = Math.max(...options.ks);
  let done = 0;
  const rows = await mapConcurrent(questions, options.concurrency ?? 1, async (q) => {
    const ranking = await retriever.retrieve(q.question, depth);
    options.onProgress?.(++done, questions.length);
    return { q, ranking };
  });
  const scores = rows.map(({ q, ranking }) => scoreRanking(q, ranking, options.ks));
  return {
    summary: summarize(scores, options.ks),
    questions: rows.map(({ q, ranking }) => ({
      id: q.id,
      question: q.question,
      type: q.type,
      hops: q.hops,
      goldIds: q.gold,
      ranking,
      goldRanks: goldRanks(ranking.map(idOf), q.gold),
    })),
  };
}
