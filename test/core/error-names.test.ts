// Every exported error class under src/ and workers/ states its own `name`. The browser bundle is
// minified, which renames classes, so a name taken from the constructor (new.target.name) would reach the
// user as "e". The test finds the classes by reading the sources (so a new error class is checked without
// being listed here), imports their modules, and constructs each through a subclass named "e", which is
// what minification does to it: only an explicit `override readonly name = '...'` survives that.
// src/cli/ is left out: it runs only in Node (never bundled, never minified).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HopscopeError } from '../../src/core/errors.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['src', 'workers'];
const NODE_ONLY = ['src/cli/'];
/** `export class X extends Y`, or a class made by errorClass (src/core/errors.ts): `export const X = errorClass(`. */
const EXPORTED_CLASS =
  /^export\s+(?:(?:abstract\s+)?class\s+(\w+)(?:<[^>]*>)?\s+extends\s+\w+|const\s+(\w+)\s*=\s*errorClass\()/gm;

/** Constructor arguments for classes that cannot be built from no arguments. */
const ARGS: Readonly<Record<string, readonly unknown[]>> = {
  ImportError: [{ file: 'corpus.json', record: 1, field: 'text' }, 'expected a string'],
  PprConvergenceError: [100, 0.01, 1e-6],
  LlmTruncatedStreamError: ['http://127.0.0.1:8080/v1', 'partial reply'],
  LlmTokenLimitError: ['http://127.0.0.1:8080/v1', 'answer', 256, 'partial reply'],
};

type ErrorClass = new (...args: unknown[]) => Error;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** file -> names of the classes it exports that extend something. */
function exportedClasses(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of SCANNED.flatMap(sourceFiles)) {
    if (NODE_ONLY.some((prefix) => file.startsWith(prefix))) continue;
    const names = [...readFileSync(join(ROOT, file), 'utf8').matchAll(EXPORTED_CLASS)].map((m) => (m[1] ?? m[2])!);
    if (names.length > 0) found.set(file, names);
  }
  return found;
}

async function errorClasses(): Promise<{ file: string; name: string; cls: ErrorClass }[]> {
  const out: { file: string; name: string; cls: ErrorClass }[] = [];
  for (const [file, names] of exportedClasses()) {
    const module = (await import(/* @vite-ignore */ join(ROOT, file))) as Record<string, unknown>;
    for (const name of names) {
      const value = module[name];
      if (typeof value === 'function' && value.prototype instanceof Error)
        out.push({ file, name, cls: value as ErrorClass });
    }
  }
  return out;
}

/** The instance, or why it could not be built. */
function build(cls: ErrorClass, name: string): Error | string {
  try {
    return new cls(...(ARGS[name] ?? []));
  } catch (err) {
    return `cannot be constructed from ${ARGS[name] ? 'its ARGS' : 'no arguments'} (${String(err)}); add its arguments to ARGS in ${relative(ROOT, fileURLToPath(import.meta.url))}`;
  }
}

describe('error class names', () => {
  it('finds the error classes of src/ and workers/', async () => {
    const names = (await errorClasses()).map((c) => c.name);
    // A few known ones, so a broken scan cannot pass by finding nothing.
    expect(names).toEqual(
      expect.arrayContaining([
        'HopscopeError',
        'ImportError',
        'AbortedError',
        'LlmAuthError',
        'StorageQuotaError',
        'FetchFileError',
      ]),
    );
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it('every exported error class has name === its class name, also when the class is renamed (minified)', async () => {
    const wrong: string[] = [];
    for (const { file, name, cls } of await errorClasses()) {
      const plain = build(cls, name);
      // What a minifier does: the class is called "e". The subclass adds nothing, so only a name the
      // class itself states can make this instance read `name`. HopscopeError gives subclasses without a
      // name of their own (Node-only ones) their class name, so for it the plain instance is the check:
      // without its own field it would read "Error".
      const minified = cls === HopscopeError ? plain : build(class e extends cls {}, name);
      if (typeof plain === 'string' || typeof minified === 'string')
        wrong.push(`${file}: ${name} ${typeof plain === 'string' ? plain : String(minified)}`);
      else if (plain.name !== name || minified.name !== name)
        wrong.push(
          `${file}: ${name} has name "${plain.name}", renamed "${minified.name}": add \`override readonly name: string = '${name}';\``,
        );
    }
    expect(wrong).toEqual([]);
  });
});
