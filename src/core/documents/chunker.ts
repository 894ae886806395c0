// Structure-aware chunking (as LlamaIndex's and LangChain's splitters and LightRAG's chunker do, to a
// word budget rather than a tokenizer's tokens): a passage never spans two sections; within a section
// paragraphs are packed up to the budget; a paragraph longer than the budget is split between sentences,
// never inside one (a single sentence longer than the budget is a passage of its own). Each passage's
// title is the document title and its heading path ("Harbour report › 3 Tides › 3.2 Spring tides"); its
// source holds the file, the heading path, the page range (PDF) and the character offsets in the
// document's text as read.
import type { Passage } from '../types.ts';
import type { DocBlock, ReadDocument } from './types.ts';

export const DEFAULT_CHUNK_WORDS = 200;
export const TITLE_SEPARATOR = ' › ';

export interface ChunkOptions {
  /** Word budget per passage (default 200). */
  chunkWords?: number;
}

type Piece = Pick<DocBlock, 'text' | 'start' | 'end' | 'page'> & { words: number };

const wordCount = (s: string) => (s.match(/\S+/g) ?? []).length;

/**
 * Sentence spans of a paragraph: a sentence ends at . ! ? (with closing quotes or brackets) followed by
 * white space and an upper-case letter, digit or opening quote; common abbreviations and initials do not end one.
 */
export function sentences(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /[.!?]["'”’)\]]*\s+(?=["“‘([]?[\p{Lu}\d])/gu;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(start, m.index + 1);
    const lastWord = /(\S+)$/.exec(before)?.[1] ?? '';
    if (/^(?:[A-Z]|Mr|Mrs|Ms|Dr|Prof|St|No|Fig|Eq|Sec|vs|etc|e\.g|i\.e|cf|al)\.$/i.test(lastWord)) continue;
    const end = m.index + m[0].trimEnd().length;
    out.push({ start, end });
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push({ start, end: text.length });
  return out;
}

/** The pieces of one paragraph: itself when within the budget, else its sentences. */
function pieces(block: DocBlock, budget: number): Piece[] {
  const page = block.page !== undefined ? { page: block.page } : {};
  const words = wordCount(block.text);
  if (words <= budget) return [{ text: block.text, start: block.start, end: block.end, words, ...page }];
  return sentences(block.text).map((s) => {
    const text = block.text.slice(s.start, s.end);
    return { text, start: block.start + s.start, end: block.start + s.end, words: wordCount(text), ...page };
  });
}

/**
 * The document title: its first heading when that heading is the only one at the top level (it then leaves
 * the heading paths; a numbered heading such as "1 Introduction" is a section, not a title, when the
 * document has a metadata title), else its metadata title, else the file name without extension.
 */
function documentTitle(doc: ReadDocument, fileStem: string): { title: string; dropFirstHeading: boolean } {
  const first = doc.blocks[0];
  if (first?.kind === 'heading' && !(doc.title && /^\d/.test(first.text))) {
    const sameLevel = doc.blocks.filter((b) => b.kind === 'heading' && b.level <= first.level).length;
    if (sameLevel === 1) return { title: first.text, dropFirstHeading: true };
  }
  return { title: doc.title || fileStem, dropFirstHeading: false };
}

export function chunkDocument(
  doc: ReadDocument,
  file: string,
  fileStem: string,
  options: ChunkOptions = {},
): Passage[] {
  const budget = Math.max(1, Math.floor(options.chunkWords ?? DEFAULT_CHUNK_WORDS));
  const { title, dropFirstHeading } = documentTitle(doc, fileStem);
  const passages: Passage[] = [];
  const path: { level: number; text: string }[] = [];
  let current: Piece[] = [];
  let words = 0;
  const emit = () => {
    if (current.length === 0) return;
    const section = path.map((h) => h.text);
    const pages = current.map((p) => p.page).filter((p): p is number => p !== undefined);
    passages.push({
      id: `${file}#${passages.length}`,
      title: [title, ...section].join(TITLE_SEPARATOR),
      text: current.map((p) => p.text).join(' '),
      source: {
        file,
        section,
        ...(pages.length ? { pages: [Math.min(...pages), Math.max(...pages)] as [number, number] } : {}),
        start: current[0]!.start,
        end: current[current.length - 1]!.end,
      },
    });
    current = [];
    words = 0;
  };
  doc.blocks.forEach((block, i) => {
    if (block.kind === 'heading') {
      emit();
      if (i === 0 && dropFirstHeading) return;
      while (path.length && path[path.length - 1]!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      return;
    }
    for (const piece of pieces(block, budget)) {
      if (words > 0 && words + piece.words > budget) emit();
      current.push(piece);
      words += piece.words;
    }
  });
  emit();
  return passages;
}
