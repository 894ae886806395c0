// Core writes a trace's header when the run starts (runStrategy, runRegime, runBranch, from the host's
// backbone facts and provenance); no host patches one after core returns it. Outside src/core, no code
// assigns `x.options = ...` or builds `options: { ...x.options, ... }` (a patched copy of a header).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const isOptionsAccess = (n: ts.Node): boolean => ts.isPropertyAccessExpression(n) && n.name.text === 'options';

function patches(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) => `${relative(ROOT, path)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isOptionsAccess(node.left)
    )
      found.push(`${at(node)} assigns ${node.left.getText(source)}`);
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === 'options' &&
      ts.isObjectLiteralExpression(node.initializer) &&
      node.initializer.properties.some((p) => ts.isSpreadAssignment(p) && isOptionsAccess(p.expression))
    )
      found.push(`${at(node)} copies a header with changes`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('trace headers', () => {
  it('are not patched outside src/core', () => {
    const files = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'workers'))].filter(
      (f) => !relative(ROOT, f).startsWith('src/core/'),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(patches)).toEqual([]);
  });

  it('the check sees a patch', () => {
    const probe = join(ROOT, 'test', 'lint', 'fixtures', 'header-patch.ts.txt');
    const source = ts.createSourceFile(probe, readFileSync(probe, 'utf8'), ts.ScriptTarget.Latest, true);
    expect(source.statements.length).toBeGreaterThan(0);
    expect(patches(probe)).toHaveLength(2);
  });
});
