// Reads a dataset folder (one question file + one corpus file) from disk and hands the contents to the
// pure importer, which detects the formats. I/O lives here; parsing lives in src/core/ingest.
// File-system faults (a folder named corpus.json, a broken link, no permission) become ImportErrors that
// name the file; bytes are decoded strictly (decodeUtf8: a BOM is dropped, invalid UTF-8 is reported).
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Dataset } from '../core/types.ts';
import { ImportError } from '../core/errors.ts';
import { decodeUtf8, loadDataset, type SourceFile } from '../core/ingest/index.ts';
import { UsageError } from './args.ts';

const READABLE = /\.(json|jsonl)$/i;

async function readSource(dir: string, name: string): Promise<SourceFile> {
  const path = join(dir, name);
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
    throw new ImportError(
      { file: path },
      e.code === 'ENOENT' ? 'cannot read it: a broken link' : `cannot read it (${e.code ?? e.message})`,
    );
  });
  if (info.isDirectory()) throw new ImportError({ file: path }, 'expected a file, but this is a folder');
  const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new ImportError({ file: path }, `cannot read it (${e.code ?? e.message})`);
  });
  return { name, text: decodeUtf8(path, bytes) };
}

export async function readDatasetDir(dir: string): Promise<Dataset> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--dataset: "${dir}" is not a folder`);
  const names = (await readdir(dir)).filter((n) => READABLE.test(n)).sort();
  const files = await Promise.all(names.map((name) => readSource(dir, name)));
  return loadDataset(basename(dir.replace(/\/+$/, '')), files);
}
