// Node file-backed implementation of the store ports (the CLI's counterpart of src/storage's Dexie
// repositories). Layout under the root folder:
//   corpora/<id>/corpus.json              { summary, passages }
//   corpora/<id>/triples.json             TripleSet[]
//   corpora/<id>/artifacts/<kind>.<key>.bin  "HSART001" + uint32 LE header length + JSON header
//                                          { ...artifact without buffers, buffers: [[name, byteLength]] } + buffers
//   runs/<id>.json, llm-cache/<sha256 of key>.json, settings.json
// Every file is written to a temp name and renamed (atomic on one file system). saveCorpus builds the
// whole corpus folder under a temp name and renames it into place, so a failed import leaves nothing.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpName, writeFileAtomic } from './out-files.ts';
import type { CachedReply, LlmCacheStore } from '../core/llm/port.ts';
import { sealArtifact, verifyArtifact } from '../core/persist/artifacts.ts';
import {
  StorageError,
  StorageQuotaError,
  type ArtifactKind,
  type ArtifactRef,
  type ArtifactStore,
  type CorpusStore,
  type CorpusSummary,
  type RunStore,
  type SettingsStore,
  type StoredArtifact,
  type Stores,
} from '../core/persist/ports.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { TripleSet } from '../core/triples/types.ts';
import type { Passage } from '../core/types.ts';

const MAGIC = 'HSART001';
const enc = (s: string) =>
  s === '.' || s === '..' ? encodeURIComponent(s).replace(/\./g, '%2E') : encodeURIComponent(s);

async function guard<T>(what: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new StorageQuotaError(what, { cause: e });
    if (e instanceof StorageError) throw e;
    throw new StorageError(`could not ${what}: ${(e as Error).message}`, { cause: e });
  }
}

/** Renames `path` to a sibling temp name (nothing when it does not exist) and returns that name. */
async function moveAside(path: string): Promise<string> {
  const trash = tmpName(path);
  await rename(path, trash).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  return trash;
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StorageError(`cannot read ${path}: ${(e as Error).message}`, { cause: e });
  }
}

async function listDir(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

function encodeArtifact(a: StoredArtifact): Uint8Array {
  const names = Object.keys(a.buffers).sort();
  const header = Buffer.from(
    JSON.stringify({ ...a, buffers: names.map((n) => [n, (a.buffers[n] as ArrayBuffer).byteLength]) }),
  );
  const parts = [
    Buffer.from(MAGIC),
    Buffer.alloc(4),
    header,
    ...names.map((n) => Buffer.from(a.buffers[n] as ArrayBuffer)),
  ];
  (parts[1] as Buffer).writeUInt32LE(header.length);
  return Buffer.concat(parts);
}

/** Decodes an artifact file; a truncated file yields short buffers, which the checksum then rejects. */
function decodeArtifact(bytes: Buffer): StoredArtifact | { unreadable: string } {
  if (bytes.length < 12 || bytes.subarray(0, 8).toString() !== MAGIC)
    return { unreadable: `does not start with "${MAGIC}"` };
  const len = bytes.readUInt32LE(8);
  let header: Omit<StoredArtifact, 'buffers'> & { buffers: [string, number][] };
  try {
    header = JSON.parse(bytes.subarray(12, 12 + len).toString()) as typeof header;
  } catch (e) {
    return { unreadable: `header is not JSON (${(e as Error).message})` };
  }
  let o = 12 + len;
  const buffers: Record<string, ArrayBuffer> = {};
  for (const [name, n] of header.buffers) {
    const slice = bytes.subarray(o, Math.min(o + n, bytes.length));
    buffers[name] = slice.buffer.slice(slice.byteOffset, slice.byteOffset + slice.byteLength) as ArrayBuffer;
    o += n;
  }
  return { ...header, buffers };
}

export function createFileStores(root: string, now: () => string = () => new Date().toISOString()): Stores {
  const runs = fileRunStore(root);
  const llmCache = fileLlmCache(root);
  const corpora = fileCorpusStore(root, now, { runs, llmCache });
  return { corpora, artifacts: fileArtifactStore(root, now), runs, settings: fileSettingsStore(root), llmCache };
}

const corpusDir = (root: string, id: string) => join(root, 'corpora', enc(id));
const artifactPath = (root: string, r: ArtifactRef) =>
  join(corpusDir(root, r.corpusId), 'artifacts', `${r.kind}.${enc(r.key)}.bin`);

/** corpora/<id>/: the corpus, its triples and its import's artifacts, saved as one folder; a delete takes its runs and cached replies. */
function fileCorpusStore(
  root: string,
  now: () => string,
  { runs, llmCache }: { runs: RunStore; llmCache: LlmCacheStore },
): CorpusStore {
  return {
    async saveCorpus({ corpus, source, triples = [], artifacts = [] }) {
      const summary: CorpusSummary = {
        id: corpus.id,
        name: corpus.name,
        passageCount: corpus.passages.length,
        createdAt: now(),
        ...(source !== undefined ? { source } : {}),
      };
      const final = corpusDir(root, corpus.id);
      const staging = tmpName(final);
      await guard(`save corpus "${corpus.name}" (${corpus.passages.length} passages)`, async () => {
        try {
          await mkdir(join(staging, 'artifacts'), { recursive: true });
          await writeFile(join(staging, 'corpus.json'), JSON.stringify({ summary, passages: corpus.passages }));
          await writeFile(join(staging, 'triples.json'), JSON.stringify(triples));
          for (const a of artifacts) {
            const sealed = sealArtifact({ ...a, corpusId: corpus.id }, now);
            await writeFile(join(staging, 'artifacts', `${a.kind}.${enc(a.key)}.bin`), encodeArtifact(sealed));
          }
          const trash = await moveAside(final);
          await rename(staging, final);
          await rm(trash, { recursive: true, force: true });
        } catch (e) {
          await rm(staging, { recursive: true, force: true });
          throw e;
        }
      });
      return summary;
    },
    async listCorpora() {
      const out: CorpusSummary[] = [];
      for (const name of await listDir(join(root, 'corpora'))) {
        if (name.endsWith('.tmp')) continue;
        const c = await readJson<{ summary: CorpusSummary }>(join(root, 'corpora', name, 'corpus.json'));
        if (c) out.push(c.summary);
      }
      return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async getCorpus(id) {
      const c = await readJson<{ summary: CorpusSummary; passages: Passage[] }>(
        join(corpusDir(root, id), 'corpus.json'),
      );
      return c && { id: c.summary.id, name: c.summary.name, passages: c.passages };
    },
    async getTriples(corpusId) {
      return (await readJson<TripleSet[]>(join(corpusDir(root, corpusId), 'triples.json'))) ?? [];
    },
    async deleteCorpus(id) {
      await guard(`delete corpus "${id}"`, async () => {
        await rm(await moveAside(corpusDir(root, id)), { recursive: true, force: true });
        for (const r of await runs.listRuns(id)) await runs.deleteRun(r.id);
        await llmCache.clear({ corpusId: id });
      });
    },
  };
}

/** corpora/<id>/artifacts/<kind>.<key>.bin, sealed on write and verified on read. */
function fileArtifactStore(root: string, now: () => string): ArtifactStore {
  return {
    async putArtifact(input) {
      const sealed = sealArtifact(input, now);
      await guard(`store the ${input.kind} "${input.key}" of corpus "${input.corpusId}"`, async () => {
        await mkdir(join(corpusDir(root, input.corpusId), 'artifacts'), { recursive: true });
        await writeFileAtomic(artifactPath(root, input), encodeArtifact(sealed));
      });
      return sealed;
    },
    async getArtifact(ref, expect) {
      const path = artifactPath(root, ref);
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
        throw new StorageError(`cannot read ${path}: ${(e as Error).message}`, { cause: e });
      }
      const stored = decodeArtifact(bytes);
      if ('unreadable' in stored)
        return { status: 'corrupt', reason: `${path} ${stored.unreadable}: damaged or truncated` };
      return verifyArtifact(stored, expect);
    },
    async listArtifacts(corpusId) {
      return (await listDir(join(corpusDir(root, corpusId), 'artifacts')))
        .filter((f) => f.endsWith('.bin'))
        .map((f) => {
          // <kind>.<key>.bin: the kind has no dot, an encoded key may ("k1=1.2").
          const dot = f.indexOf('.');
          return { corpusId, kind: f.slice(0, dot) as ArtifactKind, key: decodeURIComponent(f.slice(dot + 1, -4)) };
        });
    },
    async deleteArtifact(ref) {
      await rm(artifactPath(root, ref), { force: true });
    },
  };
}

/** runs/<id>.json: one trace per file. */
function fileRunStore(root: string): RunStore {
  const runsDir = join(root, 'runs');
  return {
    async putRun(trace) {
      await guard(`save run "${trace.id}"`, async () => {
        await mkdir(runsDir, { recursive: true });
        await writeFileAtomic(join(runsDir, `${enc(trace.id)}.json`), JSON.stringify(trace));
      });
    },
    async getRun(id) {
      return readJson<Trace>(join(runsDir, `${enc(id)}.json`));
    },
    async listRuns(corpusId) {
      const out = [];
      for (const f of await listDir(runsDir)) {
        if (!f.endsWith('.json')) continue;
        const t = await readJson<Trace>(join(runsDir, f));
        if (!t || (corpusId !== undefined && t.corpus.id !== corpusId)) continue;
        const { id, corpus, strategy, retriever, status, createdAt } = t;
        out.push({ id, corpusId: corpus.id, strategy, retriever, status, createdAt });
      }
      return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async deleteRun(id) {
      await rm(join(runsDir, `${enc(id)}.json`), { force: true });
    },
  };
}

/** llm-cache/<sha256 of key>.json: the key (checked on read), the corpus it was cached for, the reply. */
function fileLlmCache(root: string): LlmCacheStore {
  const cacheDir = join(root, 'llm-cache');
  const cachePath = (key: string) => join(cacheDir, `${createHash('sha256').update(key).digest('hex')}.json`);
  return {
    async get(key) {
      const row = await readJson<{ key: string; reply: CachedReply }>(cachePath(key));
      return row?.key === key ? row.reply : undefined;
    },
    async put(key, reply, scope) {
      await guard('cache an LLM reply', async () => {
        await mkdir(cacheDir, { recursive: true });
        await writeFileAtomic(cachePath(key), JSON.stringify({ key, corpusId: scope?.corpusId ?? '', reply }));
      });
    },
    async clear(scope) {
      for (const f of await listDir(cacheDir)) {
        if (!f.endsWith('.json')) continue;
        if (
          scope?.corpusId !== undefined &&
          (await readJson<{ corpusId: string }>(join(cacheDir, f)))?.corpusId !== scope.corpusId
        )
          continue;
        await rm(join(cacheDir, f), { force: true });
      }
    },
  };
}

/** settings.json: one object, key by key. */
function fileSettingsStore(root: string): SettingsStore {
  const settingsPath = join(root, 'settings.json');
  return {
    async getSetting<T>(key: string) {
      return (await readJson<Record<string, unknown>>(settingsPath))?.[key] as T | undefined;
    },
    async putSetting(key, value) {
      await guard(`save setting "${key}"`, async () => {
        await mkdir(root, { recursive: true });
        const all = (await readJson<Record<string, unknown>>(settingsPath)) ?? {};
        await writeFileAtomic(settingsPath, JSON.stringify({ ...all, [key]: value }));
      });
    },
  };
}
