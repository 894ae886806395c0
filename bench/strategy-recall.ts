// Passage Recall@k of the final context per strategy, with the offline thinker (no LLM), on the first
// N questions of a dataset: `npm run bench -- strategy-recall <dataset dir> <bm25|hipporag2> [N] [strategies,...]`.
// The reference is the static strategy over the same backbone in the same run.
import { readDatasetDir } from '../src/cli/dataset-dir.ts';
import { parseEvalArgs } from '../src/cli/args.ts';
import { buildCliRetriever } from '../src/cli/retriever.ts';
import { recallAtK } from '../src/core/eval/metrics.ts';
import {
  isStrategyName,
  runStrategy,
  STRATEGIES,
  traceRanking,
  type StrategyName,
} from '../src/core/strategies/index.ts';
import { STRATEGY_PROMPTS } from '../src/prompts/strategy-prompts.ts';
import { createOfflineThinker } from '../src/providers/llm/offline-thinker.ts';

export async function main(args: string[]): Promise<void> {
  const [dir, backbone = 'bm25', n = '100', list = STRATEGIES.join(',')] = args;
  if (!dir) throw new Error('usage: strategy-recall <dataset dir> <backbone> [N] [strategies]');
  const names = list.split(',').filter(isStrategyName) as StrategyName[];
  const dataset = await readDatasetDir(dir);
  const { retriever } = await buildCliRetriever(parseEvalArgs(['--dataset', dir, '--retriever', backbone]), dataset, {
    out: () => {},
    err: (t) => process.stderr.write(`${t}\n`),
  });
  const passages = new Map(dataset.corpus.passages.map((p) => [p.id, p]));
  const questions = dataset.questions.slice(0, Number(n));
  const llm = createOfflineThinker();
  console.log(`${dataset.name} ${backbone} first ${questions.length} questions, offline thinker (no LLM)`);
  for (const name of names) {
    const started = performance.now();
    const r = { 2: 0, 5: 0, 10: 0 };
    let failed = 0;
    let ctxLen = 0;
    for (const q of questions) {
      const trace = await runStrategy(
        name,
        q,
        { retriever, llm, prompts: STRATEGY_PROMPTS, passages },
        { corpus: dataset.corpus, retrieverName: backbone },
      );
      if (trace.status !== 'done') failed++;
      const ids = traceRanking(trace).map((x) => x.id);
      ctxLen += ids.length;
      for (const k of [2, 5, 10] as const) r[k] += recallAtK(ids, q.gold, k);
    }
    const m = questions.length;
    console.log(
      `${name.padEnd(10)} R@2 ${(r[2] / m).toFixed(4)}  R@5 ${(r[5] / m).toFixed(4)}  R@10 ${(r[10] / m).toFixed(4)}  ctx ${(ctxLen / m).toFixed(1)}  failed ${failed}  ${((performance.now() - started) / 1000).toFixed(1)}s`,
    );
  }
}
