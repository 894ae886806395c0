// --retrieval-memo: memoised retrievals kept across runs. Its identity is the run configuration's corpus
// content hash and backbone description (src/cli/run-config.ts), not a folder name; every entry is
// validated on read, so a damaged or hand-edited file is a clear error naming it, never an internal one.
import { z } from 'zod';
import { ImportError } from '../core/errors.ts';
import type { MemoEntries, MemoItemEntries } from '../core/retrievers/memo.ts';
import { retrievedItem, tripleRef } from '../core/trace/schema.ts';
import type { RunConfig } from './run-config.ts';
import { readTextInput } from './text-input.ts';

const MEMO_VERSION = 2;

const ranked = z.object({ id: z.string(), score: z.number() }).passthrough();
const sequence = z.object({ triples: z.array(z.string()), score: z.number(), weight: z.number() });
const beam = z.object({
  step: z.number().int(),
  kept: z.array(sequence),
  pruned: z.array(sequence),
  triples: z.array(tripleRef),
});
const withItems = z.object({
  results: z.array(ranked),
  items: z.array(retrievedItem),
  beams: z.array(beam).optional(),
});

const memoFile = z.object({
  memo: z.literal(MEMO_VERSION),
  corpus: z.string(),
  backbone: z.string(),
  entries: z.array(z.tuple([z.string(), z.array(ranked)])),
  itemEntries: z.array(z.tuple([z.string(), withItems])),
});

export interface MemoSeed {
  entries: MemoEntries;
  itemEntries: MemoItemEntries;
}

/** The memo of an earlier run with the same configuration; empty when the file does not exist yet. */
export async function readMemo(file: string, config: RunConfig): Promise<MemoSeed | undefined> {
  const text = await readTextInput('--retrieval-memo', file, 'undefined');
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ImportError(
      { file },
      `--retrieval-memo: not JSON (${(e as Error).message}); delete it or use another file`,
    );
  }
  const head = z.object({ memo: z.unknown(), corpus: z.unknown(), backbone: z.unknown() }).safeParse(json);
  if (!head.success || head.data.memo !== MEMO_VERSION)
    throw new ImportError(
      { file },
      `--retrieval-memo: not a memo this version writes (memo version ${MEMO_VERSION}); delete it or use another file`,
    );
  for (const k of ['corpus', 'backbone'] as const)
    if (head.data[k] !== config[k])
      throw new ImportError(
        { file },
        `--retrieval-memo: written for ${k} ${JSON.stringify(head.data[k])}, this run's is ${JSON.stringify(config[k])}; use another file`,
      );
  const r = memoFile.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ImportError(
      { file, field: issue?.path.join('.') || '(root)' },
      `--retrieval-memo: damaged entry (${issue?.message ?? 'unexpected shape'}); delete the file to rebuild it`,
    );
  }
  return { entries: r.data.entries, itemEntries: r.data.itemEntries as MemoItemEntries };
}

/** The memo file's text (written through the output registry, after --out). */
export function memoJson(config: RunConfig, seed: MemoSeed): string {
  return JSON.stringify({ memo: MEMO_VERSION, corpus: config.corpus, backbone: config.backbone, ...seed });
}
