// The structure-aware chunker: sections never share a passage, paragraphs pack to the word budget,
// long paragraphs split between sentences (never inside one), titles carry the heading path, and every
// passage's source names file, section, pages and offsets.
import { describe, expect, it } from 'vitest';
import { chunkDocument, sentences, readMarkdown } from '../../../src/core/documents/index.ts';
import type { ReadDocument } from '../../../src/core/documents/index.ts';
import { BlockWriter } from '../../../src/core/documents/types.ts';

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('sentences', () => {
  it('splits at sentence ends, not at abbreviations, initials or decimals', () => {
    const text = 'Dr. Quillon measured 6.1 m in 1871. J. S. Holt agreed! Was it "high"? Yes.';
    expect(sentences(text).map((s) => text.slice(s.start, s.end))).toEqual([
      'Dr. Quillon measured 6.1 m in 1871.',
      'J. S. Holt agreed!',
      'Was it "high"?',
      'Yes.',
    ]);
  });
});

describe('chunkDocument', () => {
  it('titles passages by heading path, keeps sections apart and records the source', () => {
    const doc = readMarkdown(
      '# Harbour report\n\n## 3 Tides\n\nTides are semidiurnal.\n\n### 3.2 Spring tides\n\nThey reach 6.1 metres.\n\n## 4 Ships\n\nFerries.\n',
    );
    const passages = chunkDocument(doc, 'harbour.md', 'harbour');
    expect(passages.map((p) => [p.id, p.title, p.text])).toEqual([
      ['harbour.md#0', 'Harbour report › 3 Tides', 'Tides are semidiurnal.'],
      ['harbour.md#1', 'Harbour report › 3 Tides › 3.2 Spring tides', 'They reach 6.1 metres.'],
      ['harbour.md#2', 'Harbour report › 4 Ships', 'Ferries.'],
    ]);
    const s = passages[1]!.source!;
    expect(s).toMatchObject({ file: 'harbour.md', section: ['3 Tides', '3.2 Spring tides'] });
    expect(s.pages).toBeUndefined();
    expect(doc.text.slice(s.start, s.end)).toBe('They reach 6.1 metres.');
  });

  it('packs paragraphs to the budget and splits a long paragraph between sentences, never inside one', () => {
    const sentence = (i: number) => `Sentence number ${i} has exactly seven words.`; // 7 words
    const long = Array.from({ length: 10 }, (_, i) => sentence(i)).join(' ');
    const out = new BlockWriter();
    out.heading(1, '2 Part');
    out.paragraph('Short one here.', 1);
    out.paragraph('Short two here.', 2);
    out.paragraph(long, 2);
    const doc: ReadDocument = { title: 'Doc', text: out.text, blocks: out.blocks };
    const passages = chunkDocument(doc, 'd.pdf', 'd', { chunkWords: 20 });
    expect(passages[0]!.text).toBe('Short one here. Short two here. ' + sentence(0) + ' ' + sentence(1));
    expect(passages[0]!.source!.pages).toEqual([1, 2]);
    for (const p of passages) {
      expect(words(p.text)).toBeLessThanOrEqual(20);
      expect(p.text).toMatch(/\.$/); // ends at a sentence end
      expect(p.title).toBe('Doc › 2 Part');
      expect(doc.text.slice(p.source!.start, p.source!.end).replace(/\s+/g, ' ')).toContain(p.text.slice(-20));
    }
    // all sentences kept, in order, each once
    expect(passages.map((p) => p.text).join(' ')).toBe(`Short one here. Short two here. ${long}`);
  });

  it('a sentence longer than the budget is a passage of its own', () => {
    const out = new BlockWriter();
    out.paragraph('One two three four five six. Seven.');
    const passages = chunkDocument({ text: out.text, blocks: out.blocks }, 'a.txt', 'a', { chunkWords: 3 });
    expect(passages.map((p) => p.text)).toEqual(['One two three four five six.', 'Seven.']);
    expect(passages[0]!.title).toBe('a');
  });

  it('the metadata title wins over a numbered first heading; an empty document gives no passages', () => {
    const out = new BlockWriter();
    out.heading(1, '1 Introduction');
    out.paragraph('Text.');
    expect(chunkDocument({ title: 'Report', text: out.text, blocks: out.blocks }, 'r.pdf', 'r')[0]!.title).toBe(
      'Report › 1 Introduction',
    );
    expect(chunkDocument({ text: '', blocks: [] }, 'e.md', 'e')).toEqual([]);
  });
});
