// Public surface of the importers: pure functions from file contents to passages, questions and
// datasets. Every malformed input raises ImportError naming file, record and field.
export type { SourceFile } from './source.ts';
export { decodeUtf8 } from './source.ts';
export { parseCorpus, parseTextFiles } from './corpus.ts';
export { parseQuestions } from './questions.ts';
export { loadDataset } from './dataset.ts';
