// Reads a dataset folder (one question file + one corpus file) from disk and hands the contents to the
// pure importer, which detects the formats. I/O lives here; parsing lives in src/core/ingest.
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Dataset } from '../core/types.ts';
import { loadDataset, type SourceFile } from '../core/ingest/index.ts';
import { UsageError } from './args.ts';

const READABLE = /\.(json|jsonl)$/i;

export async function readDatasetDir(dir: string): Promise<Dataset> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--dataset: "${dir}" is not a folder`);
  const names = (await readdir(dir)).filter((n) => READABLE.test(n)).sort();
  const files: SourceFile[] = await Promise.all(
    names.map(async (name) => ({ name, text: await readFile(join(dir, name), 'utf8') })),
  );
  return loadDataset(basename(dir.replace(/\/+$/, '')), files);
}
