// Questions for a document corpus, with or without gold: a .txt file (one question per line) or a .jsonl
// file of {question, answer?, gold?, id?} where gold lists document file names or "file > heading path"
// items (ASCII ">" between the file and each heading). A passage is gold for an item when its file matches
// (name, or name without extension; case-insensitive) and, if a heading path is given, its heading path
// starts with it (the document title may lead the path). R@k then counts the items found (Question.goldItems).
import { ImportError } from '../errors.ts';
import { fieldError } from '../ingest/fields.ts';
import { extensionOf, parseJson, type SourceFile } from '../ingest/source.ts';
import type { Passage, Question } from '../types.ts';
import { TITLE_SEPARATOR } from './chunker.ts';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const stem = (s: string) => s.replace(/\.[^./]+$/, '');

/** The passages one gold item names ("report.pdf", "report.pdf > 3 Tides > 3.2 Spring tides"). */
export function passagesForGold(item: string, passages: readonly Passage[]): string[] {
  const [fileRaw = '', ...path] = item.split('>').map(norm);
  const heading = path.filter((h) => h !== '');
  const sameFile = (file: string) => {
    const f = norm(file);
    const base = f.slice(f.lastIndexOf('/') + 1);
    return f === fileRaw || base === fileRaw || stem(base) === fileRaw || stem(base) === stem(fileRaw);
  };
  const startsWith = (have: readonly string[]) =>
    heading.every((h, i) => have[i] !== undefined && norm(have[i]!) === h);
  return passages
    .filter((p) => {
      if (!p.source || !sameFile(p.source.file)) return false;
      return startsWith(p.source.section) || startsWith(p.title.split(TITLE_SEPARATOR.trim()).map((s) => s.trim()));
    })
    .map((p) => p.id);
}

function answersOf(value: unknown, at: { file: string; record: number }): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value) && value.every((a) => typeof a === 'string')) return value.filter((a) => a.trim() !== '');
  throw fieldError(at, 'answer', 'expected a string or a list of strings');
}

export function parseDocumentQuestions(file: SourceFile, passages: readonly Passage[]): Question[] {
  const ext = extensionOf(file.name);
  const lines = file.text.replace(/\r\n?/g, '\n').split('\n');
  const questions: Question[] = [];
  if (ext === 'txt') {
    lines.forEach((line, i) => {
      const q = line.trim();
      if (q) questions.push({ id: `q${i + 1}`, question: q, answers: [], gold: [] });
    });
  } else if (ext === 'jsonl' || ext === 'json') {
    const ids = new Set<string>();
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const at = { file: file.name, record: i };
      const rec = parseJson(file, line, i, i + 1);
      if (typeof rec !== 'object' || rec === null || Array.isArray(rec))
        throw new ImportError(at, 'expected an object {"question": ..., "answer"?: ..., "gold"?: [...]} on each line');
      const r = rec as Record<string, unknown>;
      if (typeof r.question !== 'string' || r.question.trim() === '')
        throw fieldError(at, 'question', 'expected a non-empty string');
      const id = r.id === undefined ? `q${i + 1}` : String(r.id);
      if (ids.has(id)) throw fieldError(at, 'id', `expected unique ids, "${id}" is used twice`);
      ids.add(id);
      const gold = r.gold ?? [];
      if (!Array.isArray(gold) || !gold.every((g) => typeof g === 'string'))
        throw fieldError(at, 'gold', 'expected a list of "file" or "file > heading" strings');
      const items = gold.map((g) => {
        const found = passagesForGold(g, passages);
        if (found.length === 0)
          throw fieldError(
            at,
            'gold',
            `"${g}" names no imported passage (a file name, then optionally "> heading > subheading" as in the passage titles)`,
          );
        return found;
      });
      questions.push({
        id,
        question: r.question.trim(),
        answers: answersOf(r.answer ?? r.answers, at),
        gold: [...new Set(items.flat())],
        ...(items.length ? { goldItems: items } : {}),
      });
    });
  } else throw new ImportError({ file: file.name }, `expected a .txt (one question per line) or .jsonl questions file`);
  if (questions.length === 0)
    throw new ImportError({ file: file.name }, 'expected at least one question, the file is empty');
  return questions;
}
