// Starts a run in the engine worker and streams its events into the run slice as they arrive.
import { proxy } from 'comlink';
import { useCallback } from 'react';
import type { Question } from '../core/types.ts';
import { appStore } from '../state/store.ts';
import type { TraceEvent } from '../core/trace/schema.ts';
import type { BuildProgress } from '../core/backbones/index.ts';
import { useEngine } from './engine-client.ts';
import { errorMessage } from './error-message.ts';

/** The engine-side id of the inspector's run number `seq` (for Stop). */
const inspectorRunId = (seq: number) => `inspector-${seq}`;

/** Stops the inspector's current run; it ends with its partial trace, marked aborted. */
export function useStopRun() {
  const engine = useEngine();
  return useCallback(() => void engine.cancelRun(inspectorRunId(appStore.getState().runSeq)), [engine]);
}

export function useRunQuestion(datasetId: string | undefined) {
  const engine = useEngine();
  return useCallback(
    async (question: Question) => {
      const store = appStore.getState();
      const seq = store.startRun(question);
      if (!datasetId) {
        store.failRun(seq, 'no corpus is loaded yet; wait for "ready" above');
        return;
      }
      const { backbone, strategy, k } = store;
      try {
        const trace = await engine.run(
          { datasetId, question, backbone, strategy, k, runId: inspectorRunId(seq) },
          proxy((event: TraceEvent) => appStore.getState().appendEvent(seq, event)),
          proxy((p: BuildProgress) => appStore.getState().reportBuild(seq, p, performance.now())),
        );
        appStore.getState().finishRun(seq, trace);
      } catch (err) {
        appStore.getState().failRun(seq, errorMessage(err));
      }
    },
    [engine, datasetId],
  );
}
