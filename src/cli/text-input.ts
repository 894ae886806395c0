// Every text file the CLI reads back (OpenIE triples, predictions, traces, the retrieval memo) is read
// here, like dataset files: a regular file only (a FIFO is never opened, so it cannot hang the run), at
// most a size cap, strict UTF-8 with a leading BOM dropped (decodeUtf8). Faults are ImportErrors that
// name the file, so the CLI prints one line and exits 1.
import { readFile, stat } from 'node:fs/promises';
import { ImportError } from '../core/errors.ts';
import { decodeUtf8 } from '../core/ingest/index.ts';

/** 512 MB: far above any trace or triples file we write, well below what would exhaust memory. */
export const MAX_INPUT_BYTES = 512 * 1024 * 1024;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** The bytes of `path` as text, or an ImportError naming it. `what` says which input it is ("--openie"). */
export async function readTextInput(what: string, path: string): Promise<string>;
/** With `missing: 'undefined'`, a file that does not exist is undefined instead of an error. */
export async function readTextInput(what: string, path: string, missing: 'undefined'): Promise<string | undefined>;
export async function readTextInput(what: string, path: string, missing?: 'undefined'): Promise<string | undefined> {
  const where = { file: path };
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
    if ((e.code === 'ENOENT' || e.code === 'ENOTDIR') && missing) return undefined;
    throw new ImportError(
      where,
      `${what}: cannot read it (${e.code === 'ENOENT' ? 'no such file, or a broken link' : (e.code ?? e.message)})`,
    );
  });
  if (!info) return undefined;
  if (info.isDirectory()) throw new ImportError(where, `${what}: expected a file, but this is a folder`);
  if (!info.isFile()) throw new ImportError(where, `${what}: not a regular file (a pipe, socket or device)`);
  if (info.size > MAX_INPUT_BYTES)
    throw new ImportError(where, `${what}: ${mb(info.size)} is more than the ${mb(MAX_INPUT_BYTES)} this reads`);
  const bytes = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new ImportError(where, `${what}: cannot read it (${e.code ?? e.message})`);
  });
  return decodeUtf8(path, bytes);
}
