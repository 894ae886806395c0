// What the CLI tests share on disk: one scratch folder per test file (under the OS temp folder, made before
// the file's tests), with fresh numbered subfolders and file names in it so no two tests collide.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll } from 'vitest';

export interface Scratch {
  /** The file's scratch folder (set before its tests run). */
  readonly root: string;
  /** A new, empty folder "<name>-<n>" in it. */
  fresh(name: string): Promise<string>;
  /** A new path "<name>-<n><ext>" in it (nothing is created). */
  path(name: string, ext?: string): string;
}

export function scratch(prefix: string): Scratch {
  let root = '';
  let n = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `hopscope-${prefix}-`));
  });
  const path = (name: string, ext = '.json') => join(root, `${name}-${n++}${ext}`);
  return {
    get root() {
      return root;
    },
    async fresh(name) {
      const d = path(name, '');
      await mkdir(d, { recursive: true });
      return d;
    },
    path,
  };
}

/** The two passages of the smallest dataset the CLI tests run: one bridge question over both. */
export const TINY_TEXTS = ['Alba Castle stands in Varna.', 'Varna is a city of Bulgaria.'];

/** Writes that dataset (corpus.json, questions.json) into `dir` and returns `dir`. */
export async function writeTinyDataset(dir: string): Promise<string> {
  await writeFile(join(dir, 'corpus.json'), JSON.stringify(TINY_TEXTS.map((text, i) => ({ title: `Doc ${i}`, text }))));
  await writeFile(
    join(dir, 'questions.json'),
    JSON.stringify([
      { _id: 'q1', question: 'Where is Alba Castle?', answer: 'Bulgaria', supporting_titles: ['Doc 0'] },
    ]),
  );
  return dir;
}
