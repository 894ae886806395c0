// No backbone name is string-matched outside core: hosts, views and the CLI read the descriptions
// (src/core/backbones/about.ts: needs, uses, layers, presets) and the named roles (DEFAULT_BACKBONE,
// GRAPH_BACKBONE, EXPANSION_BACKBONE). A string literal in src/ or workers/ outside src/core/ that equals a
// backbone or preset name must be on the short list below, which holds words that only spell like one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RUNNABLE_BACKBONES } from '../../src/core/backbones/about.ts';

const ROOT = join(import.meta.dirname, '..', '..');
/** At most this many such literals outside core, allowed ones included. */
const CAP = 10;

/** file -> literals allowed there, and why. Keep it short. */
const ALLOWED: Record<string, { names: string[]; why: string }> = {
  'src/engine/library.ts': { names: ['bm25'], why: "the stored BM25 snapshot's artifact kind and its import stage" },
  'src/engine/engine-api.ts': { names: ['bm25'], why: 'the import stage that builds the BM25 index' },
  'src/storage/artifact-repository.ts': { names: ['bm25'], why: 'an artifact kind of the database schema' },
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function literals(path: string, code = readFileSync(path, 'utf8')): { text: string; line: number }[] {
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const outsideCore = () =>
  [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'workers'))]
    .map((path) => ({ path, file: relative(ROOT, path).split('\\').join('/') }))
    .filter(({ file }) => !file.startsWith('src/core/'));

describe('backbone names are matched only in core', () => {
  const ids = new Set<string>(RUNNABLE_BACKBONES);

  it('no string literal in src/ or workers/ outside core equals a backbone name, but the allow-list', () => {
    const offences: string[] = [];
    let count = 0;
    for (const { path, file } of outsideCore()) {
      const allowed = new Set(ALLOWED[file]?.names ?? []);
      for (const { text, line } of literals(path)) {
        if (!ids.has(text)) continue;
        count++;
        if (!allowed.has(text)) offences.push(`${file}:${line} '${text}'`);
      }
    }
    expect(offences).toEqual([]);
    expect(count).toBeLessThanOrEqual(CAP);
  }, 120_000);

  it('finds a planted literal, a preset name and a no-substitution template among them', () => {
    const planted = "if (b === 'raptor' || b === `hipporag2-dense`) run(`${b}`, 'bm25 index');\n";
    const found = literals('src/engine/planted.ts', planted).filter((l) => ids.has(l.text));
    expect(found.map((l) => l.text)).toEqual(['raptor', 'hipporag2-dense']);
  });

  it('the allow-list names files that still need it', () => {
    for (const [file, { names }] of Object.entries(ALLOWED)) {
      const texts = new Set(literals(join(ROOT, file)).map((l) => l.text));
      for (const name of names) expect(texts.has(name), `${file} no longer has '${name}'`).toBe(true);
    }
  });
});
