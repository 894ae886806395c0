// Two project-wide invariants no single module owns: the tree is formatted by Prettier (one formatter,
// `npm run format`), and onnxruntime-web is pinned to exactly the version @huggingface/transformers pins,
// so the app never loads two ONNX runtimes or one its model library was not built against.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const json = (path: string) => JSON.parse(readFileSync(root + path, 'utf8')) as Record<string, Record<string, string>>;

describe('project invariants', () => {
  it('onnxruntime-web is pinned exactly to the version @huggingface/transformers pins', () => {
    const ours = json('package.json').dependencies!['onnxruntime-web'];
    const theirs = json('node_modules/@huggingface/transformers/package.json').dependencies!['onnxruntime-web'];
    expect(theirs).toMatch(/^\d/); // transformers pins an exact version, not a range
    expect(ours).toBe(theirs);
  });

  it('every source file is formatted by Prettier (run npm run format)', () => {
    // `prettier --check` exits non-zero and names the files when one is not formatted.
    let out: string;
    try {
      out = execFileSync(process.execPath, [root + 'node_modules/prettier/bin/prettier.cjs', '--check', '.'], {
        cwd: root,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`prettier --check failed:\n${err.stdout ?? ''}${err.stderr ?? ''}`, { cause: e });
    }
    expect(out).toContain('All matched files use Prettier code style');
  }, 120_000);
});
