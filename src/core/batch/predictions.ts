// Scores given answers {questionId: answerText} against a question set (EM, F1, Acc per question and
// pooled). Malformed files and unknown question ids are import errors naming the record.
import { ImportError } from '../errors.ts';
import type { Question } from '../types.ts';
import { accuracy, exactMatch, f1, summarize } from '../eval/metrics.ts';

export type PredictionRow = Pick<Question, 'id' | 'type' | 'hops' | 'answers'> & {
  prediction: string;
  em: number;
  f1: number;
  acc: number;
};

function parsePredictions(file: string, text: string): Map<string, string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ImportError({ file }, `expected a JSON object {questionId: answerText} (${(e as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new ImportError({ file }, 'expected a JSON object {questionId: answerText}');
  const map = new Map<string, string>();
  for (const [id, answer] of Object.entries(data)) {
    if (typeof answer !== 'string')
      throw new ImportError({ file, field: id }, `expected the answer text as a string, got ${typeof answer}`);
    map.set(id, answer);
  }
  return map;
}

/** Every question scored; `missing`: the question ids with no prediction (they score 0, as an empty answer). */
export function scorePredictions(file: string, text: string, questions: readonly Question[]) {
  const predictions = parsePredictions(file, text);
  const known = new Set(questions.map((q) => q.id));
  for (const id of predictions.keys()) {
    if (!known.has(id))
      throw new ImportError({ file, field: id }, 'no question with this id in the dataset (or outside --limit)');
  }
  const missing = questions.filter((q) => !predictions.has(q.id)).map((q) => q.id);
  const rows: PredictionRow[] = questions.map((q) => {
    const p = predictions.get(q.id) ?? '';
    return {
      id: q.id,
      type: q.type,
      hops: q.hops,
      prediction: p,
      answers: q.answers,
      em: exactMatch(p, q.answers),
      f1: f1(p, q.answers),
      acc: accuracy(p, q.answers),
    };
  });
  const scores = rows.map(({ prediction: _p, answers: _a, ...r }) => ({ ...r, recall: {}, allGold: {} }));
  return { summary: summarize(scores, []), questions: rows, missing };
}
