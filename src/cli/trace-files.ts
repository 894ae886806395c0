// The --traces folder of a strategy batch: one trace per question under a collision-free name, written
// atomically, and reused on a rerun (resume) only when it is the same question of the same run.
import { createHash } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { ImportError } from '../core/errors.ts';
import { readTextInput } from './text-input.ts';
import { join } from 'node:path';
import { loadTrace, TraceFormatError } from '../core/trace/load.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { Corpus, Question } from '../core/types.ts';
import { writeOutput } from './outputs.ts';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * "<id with every character outside [A-Za-z0-9_.-] as _, at most 80>-<10 hex of SHA-256(id)>.json":
 * readable, and distinct for ids that escape alike ("x/1", "x_1", "x 1"), non-ASCII ids and ids that
 * differ only by case (the hash is lower-case hex, so case-insensitive disks keep them apart too).
 */
export function traceFileName(traceId: string): string {
  return `${traceId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 80)}-${sha(traceId).slice(0, 10)}.json`;
}

/** SHA-256 over every passage's id, title and text, in corpus order (16 hex). */
export function corpusFingerprint(corpus: Corpus): string {
  const h = createHash('sha256');
  for (const p of corpus.passages) h.update(JSON.stringify([p.id, p.title, p.text])).update('\n');
  return h.digest('hex').slice(0, 16);
}

export type Provenance = Record<string, string>;

/** What a run must match for a trace to be reused, besides status "done". */
export interface ResumeKey {
  strategy: string;
  retriever: string;
  llm: string;
  /** Validated options with defaults, as runStrategy records them (without prompts). */
  options: Record<string, unknown>;
  /** module -> prompt version. */
  prompts: Record<string, string>;
  provenance: Provenance;
  /** Evidence regime (paper 004); iterative when absent. */
  regime?: Trace['regime'];
}

export interface ResumeStats {
  reused: number;
  /** Traces found but not reused, by reason ("another corpus", "other options", ...). */
  stale: Map<string, number>;
  /** Unreadable trace files, moved aside. */
  setAside: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why `t` cannot stand for question `q` in this run, or undefined when it can. */
function staleReason(t: Trace, q: Question, key: ResumeKey): string | undefined {
  if (t.question.id !== q.id) return 'another question';
  if (
    t.question.question !== q.question ||
    !same(t.question.answers, [...q.answers]) ||
    !same(t.question.gold, [...q.gold])
  )
    return 'the question changed';
  if (t.status !== 'done') return `status ${t.status}`;
  if (t.strategy !== key.strategy) return 'another strategy';
  if (t.retriever !== key.retriever) return 'another retriever';
  if (t.regime !== (key.regime ?? 'iterative')) return 'another regime';
  if (t.llm !== key.llm) return 'another LLM';
  const p = t.provenance ?? {};
  if (p.corpus !== key.provenance.corpus) return 'another corpus (fingerprint differs)';
  if (p.backbone !== key.provenance.backbone) return 'another backbone configuration (an option or the triple source)';
  if (p.llm !== key.provenance.llm)
    return 'another LLM version (e.g. offline thinker; or its server address, query, model, JSON or structured-output mode)';
  if (!same(t.options.prompts, key.prompts)) return 'other prompt versions';
  for (const [k, v] of Object.entries(key.options)) if (!same(t.options[k], v)) return 'other options';
  return undefined;
}

/** The reuse callback for evaluateStrategy: reads `dir/<traceFileName(id)>` and checks it. */
export function resumeFrom(
  dir: string,
  traceId: (q: Question) => string,
  key: ResumeKey,
  stats: ResumeStats,
  warn: (line: string) => void,
) {
  return async (q: Question): Promise<Trace | undefined> => {
    const file = join(dir, traceFileName(traceId(q)));
    let t: Trace;
    try {
      const text = await readTextInput('--traces', file, 'undefined');
      if (text === undefined) return undefined;
      t = loadTrace(text, file);
    } catch (e) {
      // Not a trace, invalid UTF-8, too large or not a regular file: set aside, the question runs again.
      if (!(e instanceof TraceFormatError) && !(e instanceof ImportError)) throw e;
      const aside = `${file}.unreadable-${Date.now()}`;
      const moved = await rename(file, aside).then(
        () => true,
        () => false,
      );
      if (moved) stats.setAside.push(aside);
      warn(`  warning: ${e.message}; ${moved ? `moved to ${aside}` : 'left in place'}, the question runs again`);
      return undefined;
    }
    const reason = staleReason(t, q, key);
    if (reason) {
      stats.stale.set(reason, (stats.stale.get(reason) ?? 0) + 1);
      return undefined;
    }
    stats.reused++;
    return t;
  };
}

/** One trace, atomically; a fault is an OutputError naming --traces and the file. */
export async function writeTrace(dir: string, t: Trace): Promise<void> {
  await writeOutput('--traces', join(dir, traceFileName(t.id)), JSON.stringify(t));
}
