// Every path the CLI writes goes through one registry: checked before the run (out-files.ts), written
// atomically, --out first, and a write that fails names its flag, its path and what the file system said.
// Outputs besides --out (the retrieval memo, the DualRAG-FT export) are queued and written after --out,
// so a full disk or a read-only folder under them never loses a finished run.
import { HopscopeError } from '../core/errors.ts';
import type { Io } from './printable.ts';
import { renameSync, writeFileSync } from 'node:fs';
import { tmpName, why, writeFileAtomic } from './out-files.ts';

const REASONS: Record<string, string> = {
  ENOSPC: 'the file system is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOENT: 'its folder does not exist',
  EMFILE: 'too many open files',
};

/** A write that failed: the flag, the path and the file system's reason (ENOSPC, EROFS, EISDIR, ENOENT, ...). */
export class OutputError extends HopscopeError {
  override readonly name: string = 'OutputError';
  constructor(
    readonly flag: string,
    readonly path: string,
    readonly code: string,
  ) {
    super('eval.output', `${flag}: cannot write "${path}" (${REASONS[code] ? `${REASONS[code]}, ${code}` : code})`);
  }
}

/** Write `data` to `path` atomically and synchronously (a temporary file, then a rename): for the last moment before an exit. */
export function writeFileAtomicSync(path: string, data: string): void {
  const tmp = tmpName(path);
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** writeFileAtomic with faults as OutputError. */
export async function writeOutput(flag: string, path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFileAtomic(path, data);
  } catch (e) {
    throw new OutputError(flag, path, why(e));
  }
}

interface Pending {
  flag: string;
  path: string;
  data: () => string | Uint8Array | Promise<string | Uint8Array>;
  done?: (path: string) => void;
}

/** The outputs of one CLI run besides --out, written after it. */
export class Outputs {
  private readonly pending: Pending[] = [];
  /** What failed after the runs (an output that could not be written, a late pass): one sentence each. */
  readonly problems: string[] = [];
  private readonly warned = new Set<string>();
  private readonly seen = new Set<string>();

  /**
   * The results finished so far (set by a run as its strategies finish): what a second interrupt writes
   * to --out before exiting (writePartialSync), so it never loses a finished run.
   */
  partial?: () => unknown;

  constructor(private readonly io: Io) {}

  /**
   * A failure after the runs that must not lose them: printed, kept, and the CLI exits 1 after writing --out.
   * Problems with the same `once` key (every trace of an unwritable folder) are reported once.
   */
  problem(message: string, once: string = message): void {
    if (this.seen.has(once)) return;
    this.seen.add(once);
    this.problems.push(message);
    this.io.err(`error: ${message}`);
  }

  /** A warning printed once however often it happens (a cache that cannot be written). */
  warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.io.err(`warning: ${message}`);
  }

  /** Queue a file written after --out; `done` reports it once written. */
  after(flag: string, path: string, data: Pending['data'], done?: (path: string) => void): void {
    this.pending.push({ flag, path, data, ...(done ? { done } : {}) });
  }

  /** Write every queued file; a failure is reported and kept, and the others are still written. */
  async flush(): Promise<void> {
    for (const p of this.pending.splice(0)) {
      try {
        await writeOutput(p.flag, p.path, await p.data());
        p.done?.(p.path);
      } catch (e) {
        if (!(e instanceof OutputError)) throw e;
        this.problem(e.message);
      }
    }
  }
}
