// Output paths of the CLI: checked before any data is loaded (a bad --out, --traces, --cache-dir,
// --retrieval-memo or --export-ft fails in a second with exit 2, not after an hour's run: a folder, a
// missing parent that cannot be made, /proc, a read-only or unwritable folder), and written atomically
// (temp file + rename).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './args.ts';

/** A sibling temp name for `path` (atomic writes, staging folders). */
export const tmpName = (path: string) => `${path}.${randomBytes(6).toString('hex')}.tmp`;

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = tmpName(path);
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/** What the file system said: the error code (ENOSPC, EROFS, ...), else the message. */
export const why = (e: unknown) => (e as NodeJS.ErrnoException).code ?? (e as Error).message;

/** A read-only mount or a folder without write permission fails here, not mid-run: a temp file made and removed. */
async function probeWrite(flag: string, probe: string, folder: string): Promise<void> {
  try {
    await (await open(probe, 'wx')).close();
  } catch (e) {
    throw new UsageError(`${flag}: cannot write in "${folder}" (${why(e)})`);
  } finally {
    await rm(probe, { force: true });
  }
}

/** The file system of /proc, /sys and /dev is not a place for results (writes there can block or vanish). */
const SPECIAL = /^\/(proc|sys|dev)(\/|$)/;

/** --out: a writable file path whose folder exists or can be made; probed with a temp file. */
export async function checkOutFile(flag: string, path: string): Promise<void> {
  const full = resolve(path);
  if (SPECIAL.test(full))
    throw new UsageError(
      `${flag}: "${path}" is on a system file system (/proc, /sys, /dev); give a file in a normal folder`,
    );
  const info = await stat(full).catch(() => undefined);
  if (info?.isDirectory())
    throw new UsageError(
      `${flag}: "${path}" is a folder; give a file name (e.g. ${path.replace(/\/+$/, '')}/results.json)`,
    );
  if (info && !info.isFile()) throw new UsageError(`${flag}: "${path}" is not a regular file`);
  const dir = dirname(full);
  try {
    await mkdir(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(`${flag}: cannot create the folder "${dirname(path)}" (${why(e)})`);
  }
  await probeWrite(flag, `${full}.${randomBytes(6).toString('hex')}.probe`, dirname(path));
}

/** A folder path (--traces, --cache-dir): an existing folder or one that can be made, never a file. */
export async function checkOutDir(flag: string, path: string): Promise<void> {
  const full = resolve(path);
  if (SPECIAL.test(full))
    throw new UsageError(`${flag}: "${path}" is on a system file system (/proc, /sys, /dev); give a normal folder`);
  const info = await stat(full).catch((e: NodeJS.ErrnoException) =>
    e.code === 'ENOENT' ? undefined : Promise.reject(new UsageError(`${flag}: cannot use "${path}" (${why(e)})`)),
  );
  if (info && !info.isDirectory()) throw new UsageError(`${flag}: "${path}" is a file, not a folder`);
  try {
    await mkdir(full, { recursive: true });
  } catch (e) {
    throw new UsageError(`${flag}: cannot create the folder "${path}" (${why(e)})`);
  }
  await probeWrite(flag, join(full, `.${randomBytes(6).toString('hex')}.probe`), path);
}
