// `npm run eval`: the same core as the browser, headless. Progress on stderr, a table on stdout,
// JSON with --out (written atomically). Exit codes (EXIT): 0 success; 1 bad data; 2 bad arguments
// (checked before any data is loaded); 3 the run finished and wrote everything but some questions
// failed; 130 interrupted (SIGINT/SIGTERM: in-flight questions end as aborted traces, --out holds what finished).
import { AbortedError, HopscopeError } from '../core/errors.ts';
import { evaluateRetrieval } from '../core/batch/retrieval.ts';
import { scorePredictions } from '../core/batch/predictions.ts';
import { formatDuration } from '../core/batch/progress.ts';
import { parseEvalArgs, USAGE, UsageError, type EvalArgs } from './args.ts';
import { readDatasetDir, type DatasetDirOptions } from './dataset-dir.ts';
import { buildCliRetriever } from './retriever.ts';
import { flatSummary, summaryTables } from './report.ts';
import { scoreTraces } from './score-traces.ts';
import { runStrategies } from './strategy-run.ts';
import { preflight } from './preflight.ts';
import { Outputs, writeFileAtomicSync, writeOutput } from './outputs.ts';
import { LlmSpecError } from './llm-spec.ts';
import { printable, printableBlock, progressPrinter, safeIo, type Io } from './printable.ts';
import { readTextInput } from './text-input.ts';
import { interruptHandler, watchLaunchers } from './interrupts.ts';
import type { Dataset, Ranked } from '../core/types.ts';

export const EXIT = { ok: 0, badData: 1, usage: 2, questionsFailed: 3, interrupted: 130 } as const;
import { installPprWasmNode } from '../../wasm/ppr-node.ts';

export type { Io } from './printable.ts';

const processIo: Io = {
  out: (t) => process.stdout.write(t + '\n'),
  err: (t) => process.stderr.write(t + '\n'),
};

/** What a second interrupt does before the exit: writes the runs finished so far to --out (set by main). */
let lastWords: (() => void) | undefined;
export const writeFinishedOnExit = (): void => lastWords?.();

export async function main(argv: string[], rawIo: Io = processIo, signal?: AbortSignal): Promise<number> {
  const io = safeIo(rawIo);
  // A bad argument, found before or after the data is read: the sentence, the usage text, exit 2.
  const usageExit = (e: unknown) => {
    if (!(e instanceof UsageError || e instanceof LlmSpecError)) return undefined;
    io.err(`${e.message}\n\n${USAGE}`);
    return EXIT.usage;
  };
  let args: EvalArgs;
  try {
    args = parseEvalArgs(argv);
    await preflight(args);
  } catch (e) {
    return usageExit(e) ?? Promise.reject(e);
  }
  const outputs = new Outputs(io);
  let written = false;
  let complete: unknown;
  if (args.out) {
    const out = args.out;
    lastWords = () => {
      if (written) return;
      // the whole result when the run had finished (its write may be under way), else the finished runs
      const partial = complete ?? outputs.partial?.();
      if (partial === undefined) return;
      const body = complete ?? { ...(partial as object), interrupted: 'interrupted twice: the runs that had finished' };
      writeFileAtomicSync(out, JSON.stringify(body, null, 1));
      io.err(`wrote ${out}${complete ? '' : ' (the runs that had finished)'}`);
    };
  }
  try {
    const ran =
      args.scoreTraces !== undefined
        ? await scoreTraces(
            args.scoreTraces,
            await readDatasetDir(args.dataset, datasetDirOptions(args, io)),
            args.ks,
            io,
          )
        : args.predictions
          ? await runPredictions(args, io)
          : await runRetrieval(args, io, outputs, signal);
    // Failures after the runs (a late pass, a trace that could not be written) travel with the results.
    const result = outputs.problems.length ? { ...ran, problems: [...outputs.problems] } : ran;
    // --out first: every other output is written after it, so none of their faults can lose it.
    complete = result;
    if (args.out) {
      await writeOutput('--out', args.out, JSON.stringify(result, null, 1));
      written = true;
      io.err(`wrote ${args.out}`);
    }
    await outputs.flush();
    if (outputs.problems.length) {
      io.err(
        `${outputs.problems.length} problem(s) after the run (above)${args.out ? `; the results are in ${args.out}` : ''}: exit ${EXIT.badData}`,
      );
      return EXIT.badData;
    }
    if (signal?.aborted) {
      io.err('interrupted: finished questions are written; rerun the same command with --traces to resume');
      return EXIT.interrupted;
    }
    // Scoring stored traces reports their failures; it has not failed itself.
    const failed = args.scoreTraces !== undefined ? 0 : countFailed(result, (s) => s.failed);
    if (failed > 0) {
      io.err(
        `${failed} question run(s) failed (their errors are in the results and traces): exit ${EXIT.questionsFailed}`,
      );
      return EXIT.questionsFailed;
    }
    const branches = args.scoreTraces !== undefined ? 0 : countFailed(result, (s) => s.counterfactual?.branchFailed);
    if (branches > 0) {
      io.err(
        `${branches} counterfactual branch(es) failed (not counted; their reasons are in the results): exit ${EXIT.questionsFailed}`,
      );
      return EXIT.questionsFailed;
    }
    return EXIT.ok;
  } catch (e) {
    const usage = usageExit(e);
    if (usage !== undefined) return usage;
    if (e instanceof AbortedError && signal?.aborted) {
      io.err('interrupted while reading the dataset: no question ran');
      return EXIT.interrupted;
    }
    if (e instanceof HopscopeError) {
      io.err(`error: ${printable(e.message)}`);
      return EXIT.badData;
    }
    throw e;
  }
}

type ResultSummary = { failed?: unknown; counterfactual?: { branchFailed?: unknown } };

/**
 * A count summed over a result's JSON, per strategy, per regime, per model (0 for retrieval and
 * predictions): failed questions, or failed counterfactual branches (a pass with failed branches exits 3).
 */
function countFailed(result: unknown, count: (s: ResultSummary) => unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  const summary = (result as { summary?: ResultSummary }).summary;
  const own = summary ? count(summary) : undefined;
  const nested = ['strategies', 'regimes', 'models'].flatMap((key) =>
    Object.values(((result as Record<string, unknown>)[key] as Record<string, unknown> | undefined) ?? {}),
  );
  return (typeof own === 'number' ? own : 0) + nested.reduce((n: number, child) => n + countFailed(child, count), 0);
}

/** --questions and --chunk-words (a folder of documents); unreadable documents are warned about on stderr. */
function datasetDirOptions(args: EvalArgs, io: Io, signal?: AbortSignal): DatasetDirOptions {
  return {
    ...(signal ? { signal } : {}),
    ...(args.questions !== undefined ? { questions: args.questions } : {}),
    ...(args.chunkWords !== undefined ? { chunkWords: args.chunkWords } : {}),
    warn: (line) => io.err(line),
  };
}

/** A ranking as written to --out: with each passage's title and, for documents, its source (file, section, pages). */
function rankedWithSources(dataset: Dataset, ranking: readonly Ranked[]) {
  const byId = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  return ranking.map((r) => {
    const p = byId.get(r.id);
    return p?.source ? { ...r, title: p.title, source: p.source } : r;
  });
}

async function loadQuestions(args: EvalArgs, io: Io, signal?: AbortSignal) {
  const started = performance.now();
  const dataset = await readDatasetDir(args.dataset, datasetDirOptions(args, io, signal));
  if (dataset.questions.length === 0)
    throw new UsageError(
      `--dataset: "${args.dataset}" has documents but no questions; give --questions <file> (.txt one per line, or .jsonl)`,
    );
  const questions = args.limit ? dataset.questions.slice(0, args.limit) : dataset.questions;
  io.err(
    `${dataset.name}: ${dataset.corpus.passages.length} passages, ${questions.length} of ${dataset.questions.length} questions (${formatDuration(performance.now() - started)})`,
  );
  return { dataset, questions };
}

async function runRetrieval(args: EvalArgs, io: Io, outputs: Outputs, signal?: AbortSignal) {
  const { dataset, questions } = await loadQuestions(args, io, signal);
  const builtAt = performance.now();
  installPprWasmNode(); // the WebAssembly PPR kernel for the graph backbones (the TS kernel is its reference)
  const backbone = await buildCliRetriever(args, dataset, io);
  const { retriever } = backbone;
  io.err(`${retriever.name}: index ready (${formatDuration(performance.now() - builtAt)})`);
  if (args.strategies.length > 0) return runStrategies(args, dataset, questions, backbone, io, outputs, signal);
  const result = await evaluateRetrieval(questions, retriever, {
    ks: args.ks,
    concurrency: args.concurrency,
    onProgress: progressPrinter(io.err),
  });
  io.out(summaryTables(`${dataset.name} · ${retriever.name}`, result.summary, args.ks));
  return {
    dataset: dataset.name,
    retriever: retriever.name,
    ks: args.ks,
    summary: flatSummary(result.summary),
    questions: result.questions.map((q) => ({
      ...q,
      ranking: rankedWithSources(dataset, q.ranking.slice(0, Math.max(...args.ks))),
    })),
  };
}

async function runPredictions(args: EvalArgs, io: Io) {
  const { dataset, questions } = await loadQuestions(args, io);
  const file = args.predictions as string;
  const text = await readTextInput('--predictions', file);
  const result = scorePredictions(file, text, questions);
  if (result.missing.length > 0)
    io.err(
      `${result.missing.length} questions have no prediction and score 0 (first: ${printable(result.missing[0] ?? '')})`,
    );
  io.out(summaryTables(`${dataset.name} · predictions`, result.summary, []));
  return {
    dataset: dataset.name,
    summary: flatSummary(result.summary),
    questions: result.questions,
    missing: result.missing,
  };
}

// Run when executed directly (tsx src/cli/eval.ts), not when imported by tests. Ctrl-C / SIGTERM abort
// the run (src/cli/interrupts.ts: a repeat within a second is ignored, a later one exits at once; the
// run also stops when its launcher is gone); only a bug reaches "internal error".
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const stop = new AbortController();
  const onSignal = interruptHandler(stop, {
    exit: (code) => process.exit(code),
    say: (t) => process.stderr.write(t),
    code: EXIT.interrupted,
    beforeExit: writeFinishedOnExit,
  });
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGHUP', () => onSignal('SIGHUP'));
  watchLaunchers(() => onSignal('the launching process is gone'));
  main(process.argv.slice(2), processIo, stop.signal).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`internal error: ${printableBlock((e as Error).stack ?? String(e))}\n`);
      process.exit(1);
    },
  );
}
