// Every argument that can be checked without loading data is checked here, before the dataset is read,
// so a typo costs a second and exit 2, never a finished run that cannot be written.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError, type EvalArgs } from './args.ts';
import { llmSpecFrom } from './llm-spec.ts';
import { strategyOptionKeys } from '../core/strategies/index.ts';
import { checkOutDir, checkOutFile } from './out-files.ts';
import { checkInputsAreNotOutputs } from './path-overlap.ts';

async function inputFile(flag: string, path: string): Promise<void> {
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(
      `${flag}: cannot read "${path}" (${e.code === 'ENOENT' ? 'no such file, or a broken link' : (e.code ?? e.message)})`,
    );
  });
  if (info.isDirectory()) throw new UsageError(`${flag}: "${path}" is a folder, not a file`);
}

/**
 * --reader-top is honoured by every strategy with a passage budget; one without (DualRAG with its outline,
 * whose answer reads summaries) is refused here. --equal-budget reports such a strategy as not applicable.
 */
function checkReaderBudgets(args: EvalArgs): void {
  if (args.readerTop === undefined) return;
  const without = args.strategies.filter((s) => !strategyOptionKeys(s).includes('readerTop'));
  if (without.length)
    throw new UsageError(
      `--reader-top: ${without.join(', ')} read no passages under a budget (the answer reads the knowledge outline's summaries); run them without --reader-top`,
    );
}

export async function preflight(
  args: EvalArgs,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<void> {
  const info = await stat(args.dataset).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`--dataset: "${args.dataset}" is not a folder`);
  // Before any output is probed or its folder made: no output may be, or lie inside, an input.
  await checkInputsAreNotOutputs(args);
  if (args.out) await checkOutFile('--out', args.out);
  if (args.traces) await checkOutDir('--traces', args.traces);
  if (args.retrievalMemo) await checkOutFile('--retrieval-memo', args.retrievalMemo);
  if (args.exportFt) await checkOutFile('--export-ft', args.exportFt);
  const files = [
    ['--out', args.out],
    ['--retrieval-memo', args.retrievalMemo],
    ['--export-ft', args.exportFt],
  ] as const;
  for (const [i, [flag, path]] of files.entries())
    for (const [other, otherPath] of files.slice(i + 1))
      if (path && otherPath && resolve(path) === resolve(otherPath))
        throw new UsageError(`${flag} and ${other} name the same file "${path}"; give each its own`);
  if (args.openie) await inputFile('--openie', args.openie);
  if (args.queryNer) await inputFile('--query-ner', args.queryNer);
  if (args.predictions) await inputFile('--predictions', args.predictions);
  if (args.strategies.length === 0) return;
  checkReaderBudgets(args);
  // Several LLM configurations (models side by side) are each checked.
  if (args.judge?.startsWith('openai') && args.cacheDir !== false) await checkOutDir('--cache-dir', args.cacheDir);
  for (const llm of args.llms.length ? args.llms : [args.llm]) {
    const spec = llmSpecFrom({ llm, ...args.llmRest });
    if (spec.kind === 'replay') {
      await stat(spec.path).catch((e: NodeJS.ErrnoException) => {
        throw new UsageError(
          `--llm replay:${spec.path}: ${e.code === 'ENOENT' ? 'no such trace file or folder' : `cannot read it (${e.code ?? e.message})`}`,
        );
      });
    }
    if (spec.kind === 'openai') {
      if (spec.apiKeyEnv && !env[spec.apiKeyEnv])
        throw new UsageError(`--api-key-env ${spec.apiKeyEnv}: that environment variable is not set or empty`);
      if (args.cacheDir !== false) await checkOutDir('--cache-dir', args.cacheDir);
    }
  }
}
