// `npm run eval`: the same core as the browser, headless. Progress on stderr, a table on stdout,
// JSON with --out (written atomically). Exit codes (EXIT): 0 success; 1 bad data; 2 bad arguments
// (checked before any data is loaded); 3 the run finished and wrote everything but some questions
// failed; 130 interrupted (SIGINT/SIGTERM: in-flight questions end as aborted traces, --out holds what finished).
import { readFile } from 'node:fs/promises';
import { HopscopeError } from '../core/errors.ts';
import { evaluateRetrieval } from '../core/batch/retrieval.ts';
import { scorePredictions } from '../core/batch/predictions.ts';
import { formatDuration, progressAt } from '../core/batch/progress.ts';
import { parseEvalArgs, USAGE, UsageError, type EvalArgs } from './args.ts';
import { readDatasetDir } from './dataset-dir.ts';
import { buildCliRetriever } from './retriever.ts';
import { flatSummary, summaryTables } from './report.ts';
import { scoreTraces } from './score-traces.ts';
import { runStrategies } from './strategy-run.ts';
import { preflight } from './preflight.ts';
import { writeFileAtomic } from './out-files.ts';
import { LlmSpecError } from './llm-spec.ts';

export const EXIT = { ok: 0, badData: 1, usage: 2, questionsFailed: 3, interrupted: 130 } as const;
import { installPprWasmNode } from '../../wasm/ppr-node.ts';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = {
  out: (t) => process.stdout.write(t + '\n'),
  err: (t) => process.stderr.write(t + '\n'),
};

export async function main(argv: string[], io: Io = processIo, signal?: AbortSignal): Promise<number> {
  let args: EvalArgs;
  try {
    args = parseEvalArgs(argv);
    await preflight(args);
  } catch (e) {
    if (e instanceof UsageError || e instanceof LlmSpecError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    throw e;
  }
  try {
    const result =
      args.scoreTraces !== undefined
        ? await runScoreTraces(args, args.scoreTraces, io)
        : args.predictions
          ? await runPredictions(args, io)
          : await runRetrieval(args, io, signal);
    if (args.out) {
      await writeFileAtomic(args.out, JSON.stringify(result, null, 1));
      io.err(`wrote ${args.out}`);
    }
    if (signal?.aborted) {
      io.err('interrupted: finished questions are written; rerun the same command with --traces to resume');
      return EXIT.interrupted;
    }
    // Scoring stored traces reports their failures; it has not failed itself.
    const failed = args.scoreTraces !== undefined ? 0 : failedQuestions(result);
    if (failed > 0) {
      io.err(
        `${failed} question run(s) failed (their errors are in the results and traces): exit ${EXIT.questionsFailed}`,
      );
      return EXIT.questionsFailed;
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof UsageError || e instanceof LlmSpecError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    if (e instanceof HopscopeError) {
      io.err(`error: ${e.message}`);
      return EXIT.badData;
    }
    throw e;
  }
}

/** Failed questions over every strategy of a strategy run's JSON (0 for retrieval and predictions). */
/** Failed questions anywhere in a result: per strategy, per regime, per model. */
function failedQuestions(result: unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  const r = result as { summary?: { failed?: unknown } };
  const own = typeof r.summary?.failed === 'number' ? r.summary.failed : 0;
  const nested = ['strategies', 'regimes', 'models'].flatMap((key) =>
    Object.values(((result as Record<string, unknown>)[key] as Record<string, unknown> | undefined) ?? {}),
  );
  return own + nested.reduce((n: number, child) => n + failedQuestions(child), 0);
}

async function loadQuestions(args: EvalArgs, io: Io) {
  const started = performance.now();
  const dataset = await readDatasetDir(args.dataset);
  const questions = args.limit ? dataset.questions.slice(0, args.limit) : dataset.questions;
  io.err(
    `${dataset.name}: ${dataset.corpus.passages.length} passages, ${questions.length} of ${dataset.questions.length} questions (${formatDuration(performance.now() - started)})`,
  );
  return { dataset, questions };
}

async function runRetrieval(args: EvalArgs, io: Io, signal?: AbortSignal) {
  const { dataset, questions } = await loadQuestions(args, io);
  const builtAt = performance.now();
  if (args.retriever === 'hipporag2') installPprWasmNode(); // the WebAssembly PPR kernel (the TS kernel is its reference)
  const backbone = await buildCliRetriever(args, dataset, io);
  const { retriever } = backbone;
  io.err(`${retriever.name}: index ready (${formatDuration(performance.now() - builtAt)})`);
  if (args.strategies.length > 0) return runStrategies(args, dataset, questions, backbone, io, signal);
  const started = performance.now();
  let lastReport = 0;
  const result = await evaluateRetrieval(questions, retriever, {
    ks: args.ks,
    concurrency: args.concurrency,
    onProgress: (done, total) => {
      const now = performance.now();
      if (done === total || now - lastReport > 1000) {
        lastReport = now;
        const p = progressAt(done, total, started, now);
        io.err(
          `  ${done}/${total} questions${p.etaMs !== undefined && done < total ? `, ETA ${formatDuration(p.etaMs)}` : ''}`,
        );
      }
    },
  });
  io.out(summaryTables(`${dataset.name} · ${retriever.name}`, result.summary, args.ks));
  return {
    dataset: dataset.name,
    retriever: retriever.name,
    ks: args.ks,
    summary: flatSummary(result.summary),
    questions: result.questions.map((q) => ({ ...q, ranking: q.ranking.slice(0, Math.max(...args.ks)) })),
  };
}

async function runScoreTraces(args: EvalArgs, dir: string, io: Io) {
  const dataset = await readDatasetDir(args.dataset);
  return scoreTraces(dir, dataset, args.ks, io);
}

async function runPredictions(args: EvalArgs, io: Io) {
  const { dataset, questions } = await loadQuestions(args, io);
  const file = args.predictions as string;
  const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--predictions: cannot read "${file}" (${e.code ?? e.message})`);
  });
  const result = scorePredictions(file, text, questions);
  if (result.missing.length > 0)
    io.err(`${result.missing.length} questions have no prediction and score 0 (first: ${result.missing[0]})`);
  io.out(summaryTables(`${dataset.name} · predictions`, result.summary, []));
  return {
    dataset: dataset.name,
    summary: flatSummary(result.summary),
    questions: result.questions,
    missing: result.missing,
  };
}

// Run when executed directly (tsx src/cli/eval.ts), not when imported by tests. Ctrl-C / SIGTERM abort
// the run (a second Ctrl-C exits at once); only a bug reaches "internal error".
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const stop = new AbortController();
  const onSignal = (name: string) => {
    if (stop.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write(`\n${name}: stopping; questions in flight end as aborted traces, finished ones are written\n`);
    stop.abort();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  main(process.argv.slice(2), processIo, stop.signal).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`internal error: ${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
