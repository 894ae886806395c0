// Runs each selected configuration (x LLM x regime) over the chosen questions, one run at a time in the engine
// worker; Cancel stops the run in flight and the loop. Resume runs only what is missing.
import { useCallback, useRef } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { batchJobs, jobKey, runBatch } from '../../app/batch/runner.ts';
import { selectQuestions } from '../../app/batch/select.ts';
import type { Question } from '../../core/types.ts';
import { appStore } from '../../state/store.ts';
import { BATCH_CONFIGS, strategyOfConfig } from '../../state/batch-slice.ts';
import { strategyDescriptor } from '../../core/strategies/index.ts';
import { batchVariants, parseVariant } from '../../app/batch/variants.ts';
import { counterfactualEntry, counterfactualOutcome } from '../../core/whatif/batch.ts';
import { COUNTERFACTUAL_KS, counterfactualStore, specOf } from './counterfactual-store.ts';

/** Deep enough for the Recall@k curve up to 200 (a small corpus returns fewer). */
const BATCH_K = 200;

export function useBatchRunner(datasetId: string | undefined, questions: readonly Question[]) {
  const engine = useEngine();
  const cancelled = useRef(false);
  const current = useRef<string | null>(null);

  const run = useCallback(
    async (resume: boolean) => {
      const s = appStore.getState();
      if (!datasetId) return;
      const usesLlm = (key: string) => {
        const strategy = strategyOfConfig(key);
        return strategy === undefined || strategyDescriptor(strategy).needs.llm;
      };
      const jobs = batchJobs(
        batchVariants(s.batchConfigs, s.batchModels, s.batchRegimes, usesLlm),
        selectQuestions(questions, {
          pick: s.batchPick,
          count: s.batchLimit,
          seed: s.batchSeed,
          type: s.batchPickType,
          hops: s.batchHops,
        }),
      );
      const done = new Set(resume ? s.batchRuns.map((r) => jobKey(r.strategy, r.trace.question.id)) : []);
      const cf = counterfactualStore.getState();
      let spec;
      try {
        spec = specOf(cf.choice, cf.round);
      } catch (err) {
        s.startBatch(0, performance.now(), resume);
        s.endBatch('failed', err instanceof Error ? err.message : String(err));
        return;
      }
      cf.start(spec, resume);
      cancelled.current = false;
      s.startBatch(jobs.length, performance.now(), resume);
      try {
        const end = await runBatch(jobs, done, {
          run: async (job) => {
            const variant = parseVariant(job.strategy);
            const config = BATCH_CONFIGS.find((c) => c.key === variant.config);
            if (!config) throw new Error(`batch: unknown configuration "${variant.config}"`);
            const runId = `batch-${jobKey(job.strategy, job.question.id)}`;
            current.current = runId;
            const trace = await engine.run({
              datasetId,
              question: job.question,
              backbone: config.backbone,
              strategy: config.strategy,
              k: BATCH_K,
              runId,
              llm: variant.model,
              regime: variant.regime,
            });
            // The counterfactual of the plain run (iterative regime only, like the CLI), through the engine's branch run.
            if (spec && trace.status !== 'aborted' && variant.regime === 'iterative' && !cancelled.current) {
              // counted through core's counterfactualOutcome, as the CLI: a failed branch is a row, never a lost batch
              const outcome = await counterfactualOutcome(trace, spec, (intervention) =>
                engine.runBranch({
                  datasetId,
                  parent: trace,
                  intervention,
                  label: spec.text,
                  oracle: spec.oracle,
                  runId,
                }),
              );
              // a branch stopped by Cancel is not a row (the batch was cancelled, nothing failed)
              if (!cancelled.current && (!('branch' in outcome) || outcome.branch.status !== 'aborted'))
                counterfactualStore.getState().add(jobKey(job.strategy, job.question.id), {
                  strategy: job.strategy,
                  entry: counterfactualEntry(trace, spec, outcome, COUNTERFACTUAL_KS),
                });
            }
            return trace;
          },
          onRun: (strategy, trace) => appStore.getState().addBatchRun({ strategy, trace }),
          cancelled: () => cancelled.current,
        });
        appStore.getState().endBatch(end);
      } catch (err) {
        appStore.getState().endBatch('failed', err instanceof Error ? err.message : String(err));
      }
    },
    [engine, datasetId, questions],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    // Also stop the run in flight (an LLM call can take long).
    if (current.current) void engine.cancelRun(current.current);
  }, [engine]);

  return { run, cancel };
}

export type BatchRunner = ReturnType<typeof useBatchRunner>;
