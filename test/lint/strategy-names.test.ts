// No strategy name is string-matched outside its own definition: views, hosts and the CLI read the
// descriptor's fields (needs, kind, prompts, flags) instead. Every string literal in src/ and workers/
// that equals a strategy id must sit in the file that defines that strategy, or on the short list below.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { RUNNABLE } from '../../src/core/strategies/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** file -> literals allowed there, and why. Keep it short. */
const ALLOWED: Record<string, { names: string[]; why: string }> = {
  'src/core/strategies/router-params.ts': {
    names: ['static', 'gcot', 'bdtr'],
    why: 'the fitted router tree written by scripts/fit-router.ts: data, its leaves name routes',
  },
  'src/providers/llm/offline-thinker-route.ts': {
    names: ['static', 'ircot', 'irgs', 'bdtr'],
    why: "the offline thinker's reply to the route prompt names a route, as a model's reply does",
  },
  'src/core/strategies/stepwise.ts': {
    names: ['ircot', 'tog', 'gcot'],
    why: 'prompt keys of StrategyPrompts (the step prompts), not strategy names',
  },
  'src/core/strategies/stopping.ts': {
    names: ['tog'],
    why: 'the prompt key of the sufficiency check (the ToG-style prompt), not a strategy name',
  },
  'src/core/graph/ppr.ts': { names: ['auto'], why: "PPR's kernel choice, not a strategy" },
  'src/core/index/vectors.ts': { names: ['auto'], why: 'the vector kernel choice, not a strategy' },
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** String literals of a file, and the strategy names it defines (defineStrategy({ name: '...' })). */
/** A `prompts: [...]` list names prompt keys (some equal strategy ids: a method's own prompt). */
const inPromptList = (node: ts.Node, source: ts.SourceFile) =>
  ts.isArrayLiteralExpression(node.parent) &&
  ts.isPropertyAssignment(node.parent.parent) &&
  node.parent.parent.name.getText(source) === 'prompts';

function literals(path: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !inPromptList(node, source))
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function defined(path: string): Set<string> {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'defineStrategy') {
      const spec = node.arguments[0];
      if (spec && ts.isObjectLiteralExpression(spec))
        for (const p of spec.properties)
          if (ts.isPropertyAssignment(p) && p.name.getText(source) === 'name' && ts.isStringLiteral(p.initializer))
            names.add(p.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

describe('strategy names are matched only in their own definitions', () => {
  it(
    'no string literal in src/ or workers/ equals a strategy id outside its file and the allow-list',
    { timeout: 120_000 },
    () => {
      const ids = new Set<string>(RUNNABLE);
      const offences: string[] = [];
      for (const path of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'workers'))]) {
        const file = relative(ROOT, path).split('\\').join('/');
        const own = defined(path);
        const allowed = new Set(ALLOWED[file]?.names ?? []);
        for (const { text, line } of literals(path))
          if (ids.has(text) && !own.has(text) && !allowed.has(text)) offences.push(`${file}:${line} '${text}'`);
      }
      expect(offences).toEqual([]);
    },
  );

  it('the allow-list names files that still need it', () => {
    for (const [file, { names }] of Object.entries(ALLOWED)) {
      const texts = new Set(literals(join(ROOT, file)).map((l) => l.text));
      for (const name of names) expect(texts.has(name), `${file} no longer has '${name}'`).toBe(true);
    }
  });
});
