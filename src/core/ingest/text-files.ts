// Plain text and Markdown: one passage per paragraph block (blocks are separated by blank lines).
// Title = file name without extension, id = "<file name>#<block index>" (0-based over non-blank
// blocks). Markdown is taken as text: a heading on its own block becomes its own short passage.
import { ImportError } from '../errors.ts';
import type { Passage } from '../types.ts';
import { checkCorpus } from './corpus-checks.ts';
import { extensionOf, stemOf, type SourceFile } from './source.ts';

export const TEXT_EXTENSIONS = new Set(['txt', 'md', 'markdown']);

function blocks(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '');
}

export function parseTextFiles(files: SourceFile[]): Passage[] {
  if (files.length === 0) throw new ImportError({ file: '(no files)' }, 'expected at least one .txt or .md file');
  const passages: Passage[] = [];
  const origin: { file: string; record: number }[] = [];
  for (const file of files) {
    if (!TEXT_EXTENSIONS.has(extensionOf(file.name)))
      throw new ImportError(
        { file: file.name },
        `expected a .txt or .md file, got extension "${extensionOf(file.name)}"`,
      );
    const title = stemOf(file.name);
    blocks(file.text).forEach((text, i) => {
      passages.push({ id: `${file.name}#${i}`, title, text });
      origin.push({ file: file.name, record: i });
    });
  }
  const label = files.length === 1 ? (files[0] as SourceFile).name : `${files.length} text files`;
  return checkCorpus(passages, label, (k) => origin[k] ?? { file: label, record: k });
}
