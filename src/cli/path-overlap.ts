// Inputs are never outputs: before anything is read, made or written, the real path (links resolved, a
// path that does not exist yet resolved through its nearest existing folder) of every input the run reads
// (the dataset folder and its files, --openie, --query-ner, --predictions, --llm replay:, --score-traces,
// the model folders) and of every output it writes (--out, --retrieval-memo, --export-ft, --traces,
// --cache-dir) is compared, and any overlap is a usage error (exit 2): an output that is an input file,
// lies inside an input folder (the dataset loader reads every JSON file of its folder), or an output folder
// that is or holds an input folder.
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, isAbsolute } from 'node:path';
import { UsageError, type EvalArgs } from './args.ts';
import { llmSpecFrom } from './llm-spec.ts';

/** The real path of `path`, or of its nearest existing ancestor joined with the rest when it does not exist yet. */
export async function realPathOf(path: string): Promise<string> {
  const full = resolve(path);
  try {
    return await realpath(full);
  } catch {
    const parent = dirname(full);
    if (parent === full) return full;
    return join(await realPathOf(parent), basename(full));
  }
}

/** Whether `inner` is `outer` or lies inside it. */
export function within(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A path a flag names, and whether it is a folder. */
interface FlagPath {
  flag: string;
  path: string;
  folder: boolean;
}

function inputsOf(args: EvalArgs): FlagPath[] {
  const out: FlagPath[] = [{ flag: '--dataset', path: args.dataset, folder: true }];
  const add = (folder: boolean) => (flag: string, path: string | undefined) =>
    path !== undefined && out.push({ flag, path, folder });
  const [file, folder] = [add(false), add(true)];
  file('--openie', args.openie);
  file('--query-ner', args.queryNer);
  file('--predictions', args.predictions);
  folder('--score-traces', args.scoreTraces);
  folder('--model', args.model);
  folder('--reranker-model', args.rerankerModel);
  for (const llm of args.llms.length ? args.llms : args.llm ? [args.llm] : []) {
    if (!llm.startsWith('replay:')) continue;
    const spec = llmSpecFrom({ llm, ...args.llmRest });
    // a file or a folder of traces: either way nothing may be written over or into it
    if (spec.kind === 'replay') folder(`--llm replay:`, spec.path);
  }
  if (args.judge?.startsWith('replay:')) folder('--judge replay:', args.judge.slice('replay:'.length));
  return out;
}

function outputsOf(args: EvalArgs): FlagPath[] {
  const out: FlagPath[] = [];
  if (args.out) out.push({ flag: '--out', path: args.out, folder: false });
  if (args.retrievalMemo) out.push({ flag: '--retrieval-memo', path: args.retrievalMemo, folder: false });
  if (args.exportFt) out.push({ flag: '--export-ft', path: args.exportFt, folder: false });
  if (args.traces) out.push({ flag: '--traces', path: args.traces, folder: true });
  const llms = args.llms.length ? args.llms : args.llm ? [args.llm] : [];
  const cached = llms.some((l) => l.startsWith('openai')) || args.judge?.startsWith('openai');
  if (cached && args.cacheDir !== false) out.push({ flag: '--cache-dir', path: args.cacheDir, folder: true });
  return out;
}

/** Refuse (UsageError, exit 2) any output that is, or lies inside, an input; nothing is touched. */
export async function checkInputsAreNotOutputs(args: EvalArgs): Promise<void> {
  const resolveAll = (xs: FlagPath[]) => Promise.all(xs.map(async (x) => ({ ...x, real: await realPathOf(x.path) })));
  const [inputs, outputs] = await Promise.all([resolveAll(inputsOf(args)), resolveAll(outputsOf(args))]);
  for (const o of outputs)
    for (const i of inputs) {
      const same = o.real === i.real;
      const inside = i.folder && within(o.real, i.real);
      // An output folder that holds an input folder would get files next to it; one holding an input file is fine.
      if (!same && !inside) continue;
      const what = i.folder
        ? i.flag === '--dataset'
          ? 'the dataset folder'
          : `the ${i.flag} folder`
        : `the ${i.flag} file`;
      throw new UsageError(
        `${o.flag} "${o.path}" ${same ? 'is' : 'lies inside'} ${what} "${i.path}"${o.real !== resolve(o.path) || i.real !== resolve(i.path) ? ` (real path ${i.real})` : ''}${i.flag === '--dataset' && !same ? ', whose every JSON file is read as data' : ''}: inputs are never written over or into; give ${o.flag} a path outside it`,
      );
    }
}
