// What a strategy batch adds after its runs, never inside them: DualRAG's retrieval triggers, the
// optional Acc† judge, the DualRAG-FT export, and the cross-encoder reranker --reranker-model loads.
import { basename, dirname, resolve } from 'node:path';
import { isCompleted, type StrategyBatchResult } from '../core/batch/strategy.ts';
import {
  FT_POST_PROCESSING,
  ftCounts,
  ftExamples,
  ftJsonl,
  isCorrect,
  type FtExample,
} from '../core/eval/ft-export.ts';
import { judgeAnswers, type JudgeResult } from '../core/eval/judge.ts';
import { triggerHistogram } from '../core/eval/retrieval-triggers.ts';
import type { LlmPort } from '../core/llm/port.ts';
import type { Reranker } from '../core/rerank/port.ts';
import { findStrategy } from '../core/strategies/registry.ts';
import * as judgePrompt from '../prompts/dualrag-judge.ts';
import { createTransformersReranker } from '../providers/rerank/transformers-reranker.ts';
import type { EvalArgs } from './args.ts';
import type { Io } from './printable.ts';
import { createLlmFromSpec, llmSpecFrom } from './llm-spec.ts';
import type { Outputs } from './outputs.ts';

export interface StrategyExtras {
  /** Questions per number of steps that retrieved (DualRAG Fig. 3). */
  retrievalTriggers: number[];
  judge?: JudgeResult;
}

export async function createJudge(args: EvalArgs, corpusId: string, outputs: Outputs) {
  const model = args.judgeModel ?? args.llmRest.model;
  const spec = llmSpecFrom({ llm: args.judge, ...args.llmRest, ...(model !== undefined ? { model } : {}) });
  return createLlmFromSpec(spec, {
    corpusId,
    cacheDir: args.cacheDir,
    concurrency: Math.max(4, args.concurrency),
    onCacheWriteError: (m) => outputs.warnOnce(m),
  });
}

export async function loadReranker(args: EvalArgs, io: Io): Promise<Reranker | undefined> {
  if (!args.rerankerModel) return undefined;
  const reranker = createTransformersReranker({
    model: basename(resolve(args.rerankerModel)),
    localModelPath: dirname(resolve(args.rerankerModel)),
    device: 'cpu',
    dtype: 'fp32',
  });
  await reranker.load();
  io.err(`reranker: ${reranker.name}`);
  return reranker;
}

/** Triggers per question, the Acc† judge (after the runs, never inside them) and the DualRAG-FT examples of one result. */
export async function strategyExtras(
  args: EvalArgs,
  result: StrategyBatchResult,
  judge: LlmPort | undefined,
  ft: FtExample[],
  io: Io,
  signal?: AbortSignal,
): Promise<StrategyExtras> {
  const x: StrategyExtras = { retrievalTriggers: triggerHistogram(result.traces) };
  io.out(
    `Retrieval triggers per question (steps that retrieved: questions): ${x.retrievalTriggers.map((n, i) => `${i}: ${n}`).join(', ')}`,
  );
  if (judge && !signal?.aborted) {
    // the judge reads completed questions only: a failed run has no answer to judge and is not a 0
    x.judge = await judgeAnswers(
      result.traces.filter(isCompleted).map((t) => ({
        id: t.question.id,
        question: t.question.question,
        prediction: result.questions.find((r) => r.id === t.question.id)?.answer,
        answers: t.question.answers,
      })),
      judge,
      judgePrompt,
      { concurrency: args.concurrency, ...(signal ? { signal } : {}) },
    );
    io.out(
      `Acc† (LLM judge ${x.judge.judge}, prompt ${x.judge.promptVersion}; not EM): ${x.judge.accDagger === null ? 'none' : x.judge.accDagger.toFixed(3)} over ${x.judge.judged} judged${x.judge.errors ? `, ${x.judge.errors} unreadable verdicts` : ''}`,
    );
  }
  if (args.exportFt && findStrategy(result.strategy)?.exportsFineTuning && result.regime === 'iterative') {
    const verdicts = new Map(x.judge?.verdicts.map((v) => [v.id, v.accDagger]));
    const byId = new Map(result.traces.map((t) => [t.question.id, t]));
    for (const r of result.questions) {
      const t = byId.get(r.id);
      const verdict = verdicts.get(r.id);
      if (t)
        ft.push(
          ...ftExamples(t, {
            correct: isCorrect(r, verdict),
            judged: verdict === 0 || verdict === 1,
            allowOffline: args.exportFtOffline === true,
          }),
        );
    }
  }
  return x;
}

export function queueFt(file: string, examples: FtExample[], io: Io, outputs: Outputs): void {
  const c = ftCounts(examples);
  const offline = examples.filter((e) => e.provenance.source === 'offline-thinker').length;
  outputs.after(
    '--export-ft',
    file,
    () => ftJsonl(examples),
    () => {
      io.err(
        `wrote ${file}: ${examples.length} DualRAG-FT examples from ${new Set(examples.map((e) => e.questionId)).size} correctly answered questions (reasoner ${c.reasoner}, entity-identifier ${c['entity-identifier']}, knowledge-summarizer ${c['knowledge-summarizer']})` +
          (offline ? `; ${offline} written by the offline thinker (a heuristic stand-in, labelled on each line)` : ''),
      );
      io.err(`  post-processing: ${FT_POST_PROCESSING}`);
    },
  );
}
