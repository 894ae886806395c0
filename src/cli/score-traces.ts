// `npm run eval -- --dataset <dir> --score-traces <dir> [--k ...] [--out ...]`: every metric
// recomputed from a folder of traces (v1 or v2; written by the CLI or exported from the browser as
// traces or run files), with nothing run. Traces are grouped by strategy (and by backbone or LLM when
// a folder mixes them), so old runs can be compared with new ones. Oracle traces (the gold-context regime,
// branches whose change reads the gold) and other what-if branches are scored apart under their label
// (JSON `oracles`, `branches`), never as strategy results and never in a comparison. A trace that does not validate
// stops the command with exit 1 naming its file. The dataset gives structured gold (bridges) to
// traces recorded before it was kept.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isCompleted, summarizeTraces } from '../core/batch/strategy.ts';
import { HopscopeError } from '../core/errors.ts';
import { loadTrace } from '../core/trace/load.ts';
import type { Trace } from '../core/trace/schema.ts';
import type { Dataset } from '../core/types.ts';
import { printable, type Io } from './printable.ts';
import { readTextInput } from './text-input.ts';
import { batchFacts, complementarity, resultJson, strategyReport } from './strategy-report.ts';

/** A run file exported from the browser holds its trace under `trace`. */
function traceOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'hopscope-run'
    ? (value as { trace: unknown }).trace
    : value;
}

/**
 * The traces of a folder, each read through readTextInput (regular files only, so a FIFO is never opened;
 * a size cap; strict UTF-8). A trace of the same run and question found twice (a copy) is refused, and so is
 * a folder none of whose traces is of a question the dataset holds (another dataset's); a few such traces are
 * named in a warning.
 */
async function readTraceFolder(dir: string, dataset?: Dataset, warn?: (line: string) => void): Promise<Trace[]> {
  const names = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    throw new HopscopeError('eval', `--score-traces: cannot read the folder "${dir}" (${e.code ?? e.message})`);
  });
  const files = names.filter((n) => n.endsWith('.json')).sort();
  if (files.length === 0) throw new HopscopeError('eval', `--score-traces: "${dir}" holds no .json trace files`);
  const known = dataset ? new Set(dataset.questions.map((q) => q.id)) : undefined;
  const seen = new Map<string, string>();
  const unknown: string[] = [];
  const traces: Trace[] = [];
  for (const name of files) {
    const file = join(dir, name);
    const text = await readTextInput('--score-traces', file);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new HopscopeError('eval', `${file}: not JSON (${(e as Error).message})`);
    }
    const t = loadTrace(traceOf(json), file);
    const key = JSON.stringify([t.strategy, t.retriever, t.llm, t.regime, t.question.id, t.branch?.label ?? '']);
    const first = seen.get(key);
    if (first)
      throw new HopscopeError(
        'eval',
        `--score-traces: ${file} is a second trace of question "${printable(t.question.id)}" for the same run as ${first} (a copy?); keep one`,
      );
    seen.set(key, file);
    if (known && !known.has(t.question.id)) unknown.push(`${file} (question "${printable(t.question.id)}")`);
    traces.push(t);
  }
  // None of the dataset's questions: traces of another dataset, refused. Some: said, and scored without gold evidence.
  if (dataset && unknown.length === traces.length)
    throw new HopscopeError(
      'eval',
      `--score-traces: none of the ${traces.length} traces in "${dir}" is of a question ${dataset.name} holds (first: ${unknown[0]}): traces of another dataset?`,
    );
  if (unknown.length)
    warn?.(`warning: ${unknown.length} traces are of questions ${dataset!.name} does not hold (first: ${unknown[0]})`);
  return traces;
}

/**
 * What a trace is: a plain run, an oracle (the gold-context regime reads the gold passages; a branch
 * whose change reads the gold), or a non-oracle what-if branch. Only plain runs are strategy results;
 * the others are scored apart, labelled, and never enter a comparison.
 */
export type TraceKind = 'plain' | 'oracle' | 'branch';

function traceKind(t: Trace): TraceKind {
  if (t.branch) return t.branch.oracle ? 'oracle' : 'branch';
  return t.regime === 'gold-context' ? 'oracle' : 'plain';
}

const KIND_LABEL: Record<Exclude<TraceKind, 'plain'>, string> = {
  oracle: 'ORACLE: reads the gold; not a strategy result',
  branch: 'what-if branch; not a plain run',
};

/** Group name per trace: the strategy, qualified by backbone / LLM / regime only where the folder mixes them, and by the branch's label. */
function groups(traces: readonly Trace[]): Map<string, Trace[]> {
  const mixed = (f: (t: Trace) => string) => new Set(traces.map(f)).size > 1;
  const byRetriever = mixed((t) => t.retriever);
  const byLlm = mixed((t) => t.llm);
  const byRegime = mixed((t) => t.regime);
  const out = new Map<string, Trace[]>();
  for (const t of traces) {
    const name = [
      t.strategy,
      byRetriever ? t.retriever : '',
      byLlm ? t.llm : '',
      byRegime || t.regime === 'gold-context' ? t.regime : '',
      t.branch ? `branch ${t.branch.label}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    out.set(name, [...(out.get(name) ?? []), t]);
  }
  return out;
}

export async function scoreTraces(dir: string, dataset: Dataset, ks: number[], io: Io) {
  const traces = await readTraceFolder(dir, dataset, (l) => io.err(l));
  const known = new Map(dataset.questions.map((q) => [q.id, q]));
  const withGold = traces.map((t) => {
    const evidence = known.get(t.question.id)?.evidence;
    return t.question.evidence || !evidence ? t : { ...t, question: { ...t.question, evidence } };
  });
  io.err(`${traces.length} traces read from ${dir}`);
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  // The no-context regime's traces of the folder, for parametricSuppression (as the run that wrote them paired them).
  const noContext = new Map(
    withGold.filter((t) => t.regime === 'no-context').map((t) => [`${t.strategy}\u0000${t.question.id}`, t]),
  );
  const grouped = [...groups(withGold)].map(([name, group]) => ({
    kind: traceKind(group[0]!),
    result: summarizeTraces(name, group, ks, {
      passages,
      noContext: (id) => noContext.get(`${group[0]!.strategy}\u0000${id}`),
    }),
  }));
  const results = grouped.map((g) => g.result);
  const kindOf = new Map(grouped.map((g) => [g.result, g.kind]));
  // Settings and per-question facts (reader budget, rounds used, calls) as the run that wrote the traces reported them.
  const facts = new Map(results.map((r) => [r, batchFacts(r.traces[0]?.options ?? {}, r.traces.filter(isCompleted))]));
  for (const r of results) {
    const kind = kindOf.get(r)!;
    const label = kind === 'plain' ? '' : ` (${KIND_LABEL[kind]})`;
    io.out(strategyReport(`${dataset.name} · ${r.strategy}${label} (scored from ${dir})`, r, ks, facts.get(r)));
  }
  // Comparisons: plain runs of the iterative regime only, as the live CLI (oracles and branches are never strategy results).
  const plain = results.filter((r) => kindOf.get(r) === 'plain');
  const { comp } = complementarity(
    plain.filter((r) => r.regime === 'iterative'),
    ks,
    io,
  );
  const apart = (kind: Exclude<TraceKind, 'plain'>) => {
    const rs = results.filter((r) => kindOf.get(r) === kind);
    return rs.length
      ? {
          [kind === 'oracle' ? 'oracles' : 'branches']: Object.fromEntries(
            rs.map((r) => [
              r.strategy,
              { ...resultJson(r, ks, facts.get(r)), kind, label: KIND_LABEL[kind], oracle: kind === 'oracle' },
            ]),
          ),
        }
      : {};
  };
  const only = (f: (t: Trace) => string) => (new Set(traces.map(f)).size === 1 ? f(traces[0]!) : undefined);
  const retriever = only((t) => t.retriever);
  const llm = only((t) => t.llm);
  const head = {
    dataset: dataset.name,
    ...(retriever ? { retriever } : {}),
    ...(llm ? { llm } : {}),
    ks,
    scoredFrom: dir,
  };
  if (results.length === 1 && plain.length === 1)
    return { ...head, ...resultJson(plain[0]!, ks, facts.get(plain[0]!)) };
  return {
    ...head,
    strategies: Object.fromEntries(plain.map((r) => [r.strategy, resultJson(r, ks, facts.get(r))])),
    complementarity: comp,
    ...apart('oracle'),
    ...apart('branch'),
  };
}
