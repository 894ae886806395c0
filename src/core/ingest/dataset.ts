// A dataset folder's files -> Dataset. The corpus is the one *corpus*.json/.jsonl file, the
// questions the one other .json/.jsonl file. HippoRAG OpenIE caches (openie_*) and TSV files (query
// NER) belong to other importers and are ignored, as is anything else (READMEs, licences).
import { ImportError } from '../errors.ts';
import type { Dataset } from '../types.ts';
import { parseCorpus } from './corpus.ts';
import type { QuestionOptions } from './question-record.ts';
import { parseQuestions } from './questions.ts';
import { extensionOf, withoutBom, type SourceFile } from './source.ts';

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1).toLowerCase();

export function loadDataset(name: string, given: SourceFile[], options: QuestionOptions = {}): Dataset {
  const files = given.map((f) => ({ ...f, text: withoutBom(f.text) }));
  const json = files.filter((f) => {
    const ext = extensionOf(f.name);
    return (ext === 'json' || ext === 'jsonl') && !baseName(f.name).startsWith('openie_');
  });
  const corpora = json.filter((f) => baseName(f.name).includes('corpus'));
  const listed = files.map((f) => f.name).join(', ') || '(no files)';
  /** The one file of `found`; `what` and `which` say what was looked for. */
  const one = (found: SourceFile[], what: string, which: string): SourceFile => {
    const at = { file: `dataset "${name}"` };
    if (found.length === 0) throw new ImportError(at, `expected one ${what} ${which} among: ${listed}`);
    if (found.length > 1)
      throw new ImportError(at, `expected one ${what}, found ${found.length}: ${found.map((f) => f.name).join(', ')}`);
    return found[0]!;
  };
  const corpus = one(corpora, 'corpus file', 'named *corpus*.json or *corpus*.jsonl');
  const questionFile = one(
    json.filter((f) => !corpora.includes(f)),
    'question file',
    '(.json/.jsonl, not *corpus* or openie_*)',
  );
  const passages = parseCorpus([corpus]);
  const questions = parseQuestions(questionFile, passages, options);
  return { name, corpus: { id: name, name, passages }, questions };
}
