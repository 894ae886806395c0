// LlmCacheStore on disk for the CLI: one JSON file per key under <dir>/<key[0..2]>/<key>.json,
// written to a temp file and renamed (atomic on one filesystem), so a killed run never leaves a
// half-written entry. Entries hold prompts' replies only, never credentials.
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { HopscopeError } from '../core/errors.ts';
import type { CachedReply, LlmCacheStore } from '../core/llm/port.ts';
import { why } from './out-files.ts';

const entrySchema = z.object({
  key: z.string(),
  corpusId: z.string(),
  reply: z.object({
    text: z.string(),
    usage: z.object({ prompt: z.number(), completion: z.number(), total: z.number() }),
    provider: z.string(),
    model: z.string(),
    createdAt: z.string(),
    structured: z.enum(['json_schema', 'json_object', 'none']).optional(),
  }),
});

const KEY = /^[0-9a-f]{64}$/;

export class FileLlmCacheStore implements LlmCacheStore {
  /** Set after the first failed write: the run goes on uncached rather than failing its questions. */
  private writeFailed = false;

  /**
   * `onWriteError` hears about the first write that fails (a full or read-only disk); later writes are
   * skipped. Without it a failed write throws, as before.
   */
  constructor(
    readonly dir: string,
    private readonly onWriteError?: (message: string) => void,
  ) {}

  private path(key: string): string {
    if (!KEY.test(key)) throw new HopscopeError('llm.file-cache', `not a SHA-256 hex cache key: "${key.slice(0, 80)}"`);
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(key: string): Promise<CachedReply | undefined> {
    const file = this.path(key);
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (e) {
      // ENOTDIR: a file where the shard folder would be, so no entry (writes report it once).
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw new HopscopeError('llm.file-cache', `cannot read ${file}`, { cause: e });
    }
    const parsed = entrySchema.safeParse(safeJson(raw));
    if (!parsed.success || parsed.data.key !== key) {
      throw new HopscopeError(
        'llm.file-cache',
        `${file} is damaged (not a cache entry for its key); delete it or clear the cache`,
      );
    }
    return parsed.data.reply;
  }

  async put(key: string, reply: CachedReply, scope?: { corpusId?: string }): Promise<void> {
    const file = this.path(key);
    if (this.writeFailed) return;
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
      await writeFile(tmp, JSON.stringify({ key, corpusId: scope?.corpusId ?? '', reply }));
      await rename(tmp, file);
    } catch (e) {
      await rm(tmp, { force: true }).catch(() => undefined);
      if (!this.onWriteError) throw e;
      if (this.writeFailed) return;
      this.writeFailed = true;
      this.onWriteError(`cannot write the LLM cache in "${this.dir}" (${why(e)}); the run goes on uncached`);
    }
  }

  async clear(scope?: { corpusId?: string }): Promise<void> {
    if (scope?.corpusId === undefined) {
      await rm(this.dir, { recursive: true, force: true });
      return;
    }
    for (const file of await this.files()) {
      const parsed = entrySchema.safeParse(safeJson(await readFile(file, 'utf8')));
      if (parsed.success && parsed.data.corpusId === scope.corpusId) await rm(file, { force: true });
    }
  }

  /** Number of stored entries. */
  async count(): Promise<number> {
    return (await this.files()).length;
  }

  private async files(): Promise<string[]> {
    let shards: string[];
    try {
      shards = await readdir(this.dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const out: string[] = [];
    for (const s of shards) {
      if (!/^[0-9a-f]{2}$/.test(s)) continue;
      for (const f of await readdir(join(this.dir, s))) if (f.endsWith('.json')) out.push(join(this.dir, s, f));
    }
    return out;
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined; // reported by the caller as a damaged entry
  }
}
