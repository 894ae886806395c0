// Public surface of the importers: pure functions from file contents to passages, questions and
// datasets. Every malformed input raises ImportError naming file, record and field.
export type { SourceFile } from './source.ts';
export { decodeUtf8, withoutBom } from './source.ts';
export type { QuestionOptions } from './question-record.ts';
export type { QuestionFormat } from './questions.ts';
export { parseCorpus, parseTextFiles } from './corpus.ts';
export { parseQuestions, detectQuestionFormat } from './questions.ts';
export { loadDataset } from './dataset.ts';
