// Each compare lane's trace: a run lane's from the engine (run once Compare is pressed), a file lane's as
// loaded (with an error when it answers another question), and the label the lane goes by.
import { useQueries } from '@tanstack/react-query';
import { useEngine } from '../../app/engine-client.ts';
import { runQuery } from '../../app/queries.ts';
import { BACKBONE_SHORT, STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { DEFAULT_BACKBONE } from '../../core/backbones/about.ts';
import { RETRIEVAL_ONLY } from '../../core/strategies/index.ts';
import type { Question } from '../../core/types.ts';
import type { CompareLane } from '../../state/compare-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';

interface Compared {
  datasetId: string | undefined;
  /** The dataset is loaded (run lanes can run). */
  ready: boolean;
  questionId: string | null;
  question: Question | undefined;
}

export function useLaneStates(lanes: readonly CompareLane[], { datasetId, ready, questionId, question }: Compared) {
  const engine = useEngine();
  const requested = useAppStore((s) => s.compareRequested);
  const runs = useQueries({
    queries: lanes.map((lane) => ({
      ...runQuery(engine, {
        datasetId: datasetId ?? '',
        question: question ?? { id: '', question: '', answers: [], gold: [] },
        backbone: lane.kind === 'run' ? lane.backbone : DEFAULT_BACKBONE,
        strategy: lane.kind === 'run' ? lane.strategy : RETRIEVAL_ONLY,
        k: 20,
      }),
      enabled: lane.kind === 'run' && question !== undefined && requested > 0 && ready,
    })),
  });
  return lanes.map((lane, i) => {
    if (lane.kind === 'file')
      return {
        lane,
        label: `${lane.trace.strategy} on ${lane.trace.retriever} (${lane.name})`,
        trace: lane.trace,
        error:
          lane.trace.question.id !== questionId && questionId !== null
            ? `this trace answers ${lane.trace.question.id}, not ${questionId}`
            : null,
        pending: false,
      };
    const r = runs[i];
    return {
      lane,
      label: `${STRATEGY_SHORT[lane.strategy]} on ${BACKBONE_SHORT[lane.backbone]}`,
      trace: r?.data,
      error: r?.isError ? r.error.message : null,
      pending: r?.fetchStatus === 'fetching',
    };
  });
}

export type LaneState = ReturnType<typeof useLaneStates>[number];
