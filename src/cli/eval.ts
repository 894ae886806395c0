// `npm run eval`: the same core as the browser, headless. Progress on stderr, a table on stdout,
// JSON with --out. Exit 0 on success, 2 on bad arguments, 1 on bad data or a failed run.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
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
import { installPprWasmNode } from '../../wasm/ppr-node.ts';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = {
  out: (t) => process.stdout.write(t + '\n'),
  err: (t) => process.stderr.write(t + '\n'),
};

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  let args: EvalArgs;
  try {
    args = parseEvalArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  try {
    const result = args.scoreTraces !== undefined ? await runScoreTraces(args, args.scoreTraces, io) : args.predictions ? await runPredictions(args, io) : await runRetrieval(args, io);
    if (args.out) {
      await mkdir(dirname(args.out), { recursive: true });
      await writeFile(args.out, JSON.stringify(result, null, 1));
      io.err(`wrote ${args.out}`);
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof HopscopeError) {
      io.err(`error: ${e.message}`);
      return 1;
    }
    throw e;
  }
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

async function runRetrieval(args: EvalArgs, io: Io) {
  const { dataset, questions } = await loadQuestions(args, io);
  const builtAt = performance.now();
  if (args.retriever === 'hipporag2') installPprWasmNode(); // the WebAssembly PPR kernel (the TS kernel is its reference)
  const retriever = await buildCliRetriever(args, dataset, io);
  io.err(`${retriever.name}: index ready (${formatDuration(performance.now() - builtAt)})`);
  if (args.strategies.length > 0) return runStrategies(args, dataset, questions, retriever, io);
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
        io.err(`  ${done}/${total} questions${p.etaMs !== undefined && done < total ? `, ETA ${formatDuration(p.etaMs)}` : ''}`);
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
  return { dataset: dataset.name, summary: flatSummary(result.summary), questions: result.questions, missing: result.missing };
}

// Run when executed directly (tsx src/cli/eval.ts), not when imported by tests.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`internal error: ${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
