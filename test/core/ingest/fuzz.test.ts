// Fuzz: the importers meet a few hundred random truncations and corruptions of slices of the real
// benchmark files in ../shared/data and either import or raise a typed ImportError, never anything else
// (no TypeError, no RangeError, no stack overflow). Seeded, so a failure reproduces.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../../src/core/errors.ts';
import { decodeUtf8, loadDataset, parseCorpus } from '../../../src/core/ingest/index.ts';
import { rng } from '../../../harness/rng.ts';

const data = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const SETS = [
  ['hotpotqa', 'hotpotqa.json', 'hotpotqa_corpus.json'],
  ['2wikimultihopqa', '2wikimultihopqa.json', '2wikimultihopqa_corpus.json'],
  ['musique', 'musique.json', 'musique_corpus.json'],
] as const;

/** A small consistent slice: the first questions and a corpus of the first passages (gold may be missing: that is an ImportError too). */
function slice(dir: string, qFile: string, cFile: string) {
  const questions = (JSON.parse(readFileSync(`${data}${dir}/${qFile}`, 'utf8')) as unknown[]).slice(0, 4);
  const corpus = (JSON.parse(readFileSync(`${data}${dir}/${cFile}`, 'utf8')) as unknown[]).slice(0, 150);
  return {
    questions: JSON.stringify(questions, null, 1),
    corpus: JSON.stringify(corpus),
    corpusLines: corpus.map((c) => JSON.stringify(c)).join('\n'),
  };
}

const NASTY = [
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  ',',
  ':',
  '\u0000',
  'null',
  '-',
  '1e999',
  '\ud83d',
  '😀',
  '\n',
  '"title"',
  '[[',
  '{"',
];

function corrupt(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  const len = 1 + Math.floor(next() * 40);
  const pick = NASTY[Math.floor(next() * NASTY.length)]!;
  switch (Math.floor(next() * 7)) {
    case 0:
      return text.slice(0, at); // truncation
    case 1:
      return text.slice(0, at) + pick + text.slice(at + 1); // replace one character
    case 2:
      return text.slice(0, at) + pick.repeat(1 + Math.floor(next() * 5)) + text.slice(at); // insertion
    case 3:
      return text.slice(0, at) + text.slice(at + len); // deletion
    case 4:
      return text.slice(0, at) + text.slice(at, at + len).repeat(3) + text.slice(at + len); // duplication
    case 5:
      return text
        .replace(
          /"(title|text|question|answer|_id|id|context|paragraphs|supporting_facts|supporting_titles)"/,
          (_m, f: string) => `"${f}${pick === '"' ? 'x' : ''}"`,
        )
        .replace(/: ?"[^"]{0,20}"/, `: ${['1', 'null', '[]', '{}', 'true'][Math.floor(next() * 5)]}`); // a field of another type
    default:
      return '['.repeat(1 + Math.floor(next() * 20_000)) + text.slice(0, at); // deep nesting
  }
}

function outcome(run: () => unknown): 'ok' | 'import-error' {
  try {
    run();
    return 'ok';
  } catch (e) {
    if (e instanceof ImportError) return 'import-error';
    throw new Error(`not an ImportError: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`, { cause: e });
  }
}

describe('importer fuzz (seeded): success or ImportError, never anything else', () => {
  for (const [dir, qFile, cFile] of SETS) {
    it(`${dir}: 120 corrupted question/corpus files and JSONL corpora`, () => {
      const s = slice(dir, qFile, cFile);
      expect(outcome(() => parseCorpus([{ name: 'corpus.json', text: s.corpus }]))).toBe('ok');
      const next = rng(16 + dir.length);
      const seen = { ok: 0, 'import-error': 0 };
      for (let i = 0; i < 40; i++) {
        seen[outcome(() => parseCorpus([{ name: `${dir}_corpus.json`, text: corrupt(s.corpus, next) }]))]++;
        seen[outcome(() => parseCorpus([{ name: `${dir}_corpus.jsonl`, text: corrupt(s.corpusLines, next) }]))]++;
        seen[
          outcome(() =>
            loadDataset(dir, [
              { name: qFile, text: corrupt(s.questions, next) },
              { name: cFile, text: s.corpus },
            ]),
          )
        ]++;
      }
      // both outcomes occur, so the fuzz reaches past the JSON parser into the record checks
      expect(seen.ok).toBeGreaterThan(0);
      expect(seen['import-error']).toBeGreaterThan(0);
    });
  }

  it('random bytes: invalid UTF-8 is an ImportError with its byte offset', () => {
    const next = rng(7);
    const bytes = new TextEncoder().encode(
      slice('musique', 'musique.json', 'musique_corpus.json').corpus.slice(0, 5000),
    );
    let invalid = 0;
    for (let i = 0; i < 60; i++) {
      const b = bytes.slice();
      for (let k = 0; k < 3; k++) b[Math.floor(next() * b.length)] = Math.floor(next() * 256);
      const r = outcome(() => parseCorpus([{ name: 'c.json', text: decodeUtf8('c.json', b) }]));
      if (r === 'import-error') invalid++;
    }
    expect(invalid).toBeGreaterThan(0);
  });
});
