import { describe, expect, it } from 'vitest';
import { parseCorpus, parseTextFiles } from '../../../src/core/ingest/index.ts';
import { importError } from './helpers.ts';

/** parseCorpus of one file. */
const parseOne = (file: { name: string; text: string }) => parseCorpus([file]);
const json = (value: unknown, name = 'c_corpus.json') => ({ name, text: JSON.stringify(value, null, 1) });

describe('parseCorpus: a JSON array', () => {
  it('reads [{title, text}] with positional ids', () => {
    const passages = parseOne(
      json([
        { title: 'A', text: 'alpha' },
        { title: 'B', text: 'beta' },
      ]),
    );
    expect(passages).toEqual([
      { id: 'p0', title: 'A', text: 'alpha' },
      { id: 'p1', title: 'B', text: 'beta' },
    ]);
  });

  it('says where truncated JSON ends', () => {
    // line 1 "[\n" = 2 chars, line 2 = 33 + newline = 34, line 3 has 19 chars: ends at offset 55, column 20
    const e = importError(() =>
      parseOne({ name: 'cut.json', text: '[\n {"title": "A", "text": "alpha"},\n {"title": "B", "te' }),
    );
    expect(e.location).toEqual({ file: 'cut.json', record: undefined });
    expect(e.message).toMatch(
      /^import: cut\.json: expected valid JSON, parsing failed at the end, line 3, column 20 \(offset 55\): the document is truncated/,
    );
  });

  it('says at which line and column a syntax error is, even when the engine does not', () => {
    // line 1 "[" (2 chars with its newline) + line 2 (34) = offset 36 for the "]" on line 3.
    // V8 reports a trailing comma as `Unexpected token ']', ..."` without a position
    const e = importError(() => parseOne({ name: 'comma.json', text: '[\n {"title": "A", "text": "alpha"},\n]' }));
    expect(e.message).toContain('at line 3, column 1 (offset 36)');
  });

  it('names the record and field of a wrong type or missing field', () => {
    const wrong = importError(() =>
      parseOne(
        json([
          { title: 'A', text: 'a' },
          { title: 'B', text: 7 },
        ]),
      ),
    );
    expect(wrong.location).toEqual({ file: 'c_corpus.json', record: 1, field: 'text' });
    expect(wrong.message).toBe('import: c_corpus.json, record 1, field "text": expected a string, got number 7');
    const missing = importError(() => parseOne(json([{ text: 'a' }])));
    expect(missing.message).toBe('import: c_corpus.json, record 0, field "title": missing; expected a string');
    const notObject = importError(() => parseOne(json([['A', 'a']])));
    expect(notObject.message).toContain('record 0: expected an object, got an array of 2');
    const blank = importError(() => parseOne(json([{ title: 'A', text: '  ' }])));
    expect(blank.location.field).toBe('text');
  });

  it('refuses a non-array and an empty corpus', () => {
    expect(importError(() => parseOne(json({ docs: [] }))).message).toContain(
      'expected a JSON array of passages {title, text} or JSON Lines, got an object',
    );
    expect(importError(() => parseOne(json([]))).message).toBe(
      'import: c_corpus.json: expected at least one passage, the corpus is empty',
    );
  });
});

describe('parseCorpus: JSON Lines', () => {
  it('uses the given ids and "p<line index>" for missing ones; blank lines keep their index', () => {
    const text =
      '{"id": "x1", "title": "A", "text": "alpha"}\n\n{"title": "B", "text": "beta"}\r\n{"id": 7, "title": "C", "text": "gamma"}\n';
    expect(parseOne({ name: 'c.jsonl', text })).toEqual([
      { id: 'x1', title: 'A', text: 'alpha' },
      { id: 'p2', title: 'B', text: 'beta' },
      { id: '7', title: 'C', text: 'gamma' },
    ]);
  });

  it('names the line of a broken record', () => {
    const e = importError(() =>
      parseOne({ name: 'c.jsonl', text: '{"title": "A", "text": "a"}\n{"title": "B", "text": "b"\n' }),
    );
    expect(e.location.record).toBe(1);
    expect(e.message).toContain(
      'c.jsonl, record 1: expected valid JSON, parsing failed at the end, line 2, column 27 (offset 26): the document is truncated',
    );
  });

  it('refuses duplicate ids naming both records', () => {
    const e = importError(() =>
      parseOne({
        name: 'c.jsonl',
        text: '{"id": "a", "title": "A", "text": "x"}\n{"id": "a", "title": "B", "text": "y"}',
      }),
    );
    expect(e.location).toEqual({ file: 'c.jsonl', record: 1, field: 'id' });
    expect(e.message).toContain('"a" already used by c.jsonl record 0');
  });

  it('refuses a wrongly typed id', () => {
    expect(
      importError(() => parseOne({ name: 'c.jsonl', text: '{"id": [1], "title": "A", "text": "x"}' })).location.field,
    ).toBe('id');
  });
});

describe('parseTextFiles', () => {
  it('makes one passage per blank-line separated block, titled by the file name', () => {
    const passages = parseTextFiles([
      { name: 'Alan Turing.md', text: '# Alan Turing\n\nBorn in 1912\nin London.\r\n\r\n  \n\nDied 1954.\n' },
      { name: 'notes.txt', text: 'one block' },
    ]);
    expect(passages).toEqual([
      { id: 'Alan Turing.md#0', title: 'Alan Turing', text: '# Alan Turing' },
      { id: 'Alan Turing.md#1', title: 'Alan Turing', text: 'Born in 1912\nin London.' },
      { id: 'Alan Turing.md#2', title: 'Alan Turing', text: 'Died 1954.' },
      { id: 'notes.txt#0', title: 'notes', text: 'one block' },
    ]);
  });

  it('refuses the same file twice, an empty corpus and other extensions', () => {
    const dup = importError(() =>
      parseTextFiles([
        { name: 'a.txt', text: 'x' },
        { name: 'a.txt', text: 'y' },
      ]),
    );
    expect(dup.message).toContain('"a.txt#0" already used by a.txt record 0');
    expect(importError(() => parseTextFiles([{ name: 'a.txt', text: '\n \n' }])).message).toContain('corpus is empty');
    expect(importError(() => parseTextFiles([{ name: 'a.pdf', text: 'x' }])).message).toContain(
      'expected a .txt or .md file, got extension "pdf"',
    );
  });
});

describe('parseCorpus', () => {
  it('dispatches by extension, and reads a .json file holding JSON Lines', () => {
    expect(parseCorpus([json([{ title: 'A', text: 'a' }])])[0]?.id).toBe('p0');
    expect(
      parseCorpus([{ name: 'c.json', text: '{"title": "A", "text": "a"}\n{"title": "B", "text": "b"}' }]).map(
        (p) => p.id,
      ),
    ).toEqual(['p0', 'p1']);
    expect(
      parseCorpus([
        { name: 'a.txt', text: 'x' },
        { name: 'b.md', text: 'y' },
      ]).map((p) => p.id),
    ).toEqual(['a.txt#0', 'b.md#0']);
  });

  it('refuses mixing a structured corpus with text files, unknown extensions and no files', () => {
    expect(
      importError(() => parseCorpus([json([{ title: 'A', text: 'a' }]), { name: 'a.txt', text: 'x' }])).message,
    ).toContain('ids would collide');
    expect(importError(() => parseCorpus([{ name: 'c.csv', text: 'x' }])).location.file).toBe('c.csv');
    expect(importError(() => parseCorpus([])).message).toContain('expected at least one corpus file');
  });
});
