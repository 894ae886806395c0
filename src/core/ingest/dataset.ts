// A dataset folder's files -> Dataset. The corpus is the one *corpus*.json/.jsonl file, the
// questions the one other .json/.jsonl file. HippoRAG OpenIE caches (openie_*) and TSV files (query
// NER) belong to other importers and are ignored, as is anything else (READMEs, licences).
import { ImportError } from '../errors.ts';
import type { Dataset } from '../types.ts';
import { parseCorpus } from './corpus.ts';
import type { QuestionOptions } from './question-record.ts';
import { parseQuestions } from './questions.ts';
import { extensionOf, withoutBom, type SourceFile } from './source.ts';

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

export function loadDataset(name: string, given: SourceFile[], options: QuestionOptions = {}): Dataset {
  const files = given.map((f) => ({ ...f, text: withoutBom(f.text) }));
  const json = files.filter((f) => {
    const ext = extensionOf(f.name);
    return (ext === 'json' || ext === 'jsonl') && !baseName(f.name).toLowerCase().startsWith('openie_');
  });
  const corpora = json.filter((f) => baseName(f.name).toLowerCase().includes('corpus'));
  const questionFiles = json.filter((f) => !corpora.includes(f));
  const listed = files.map((f) => f.name).join(', ') || '(no files)';
  const at = { file: `dataset "${name}"` };
  if (corpora.length === 0)
    throw new ImportError(at, `expected one corpus file named *corpus*.json or *corpus*.jsonl among: ${listed}`);
  if (corpora.length > 1)
    throw new ImportError(
      at,
      `expected one corpus file, found ${corpora.length}: ${corpora.map((f) => f.name).join(', ')}`,
    );
  if (questionFiles.length === 0)
    throw new ImportError(at, `expected one question file (.json/.jsonl, not *corpus* or openie_*) among: ${listed}`);
  if (questionFiles.length > 1)
    throw new ImportError(
      at,
      `expected one question file, found ${questionFiles.length}: ${questionFiles.map((f) => f.name).join(', ')}`,
    );
  const passages = parseCorpus(corpora);
  const questions = parseQuestions(questionFiles[0] as SourceFile, passages, options);
  return { name, corpus: { id: name, name, passages }, questions };
}
