import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { useActiveDataset } from '../../app/use-active-dataset.ts';
import { useMemo } from 'react';
import { DualRagBatchActions } from './DualRagBatchActions.tsx';
import { useJudgeLlm } from '../../app/use-judge-llm.ts';
import { useBatchRunner } from './use-batch-runner.ts';
import { CounterfactualSummary } from './CounterfactualPanel.tsx';
import { useKeepCounterfactuals } from './keep-counterfactuals.ts';
import { useBatchProgress } from './use-batch-progress.ts';
import { useBatchResults } from './use-batch-results.ts';
import { useBatchTable } from './use-batch-table.ts';
import { useComplementarityLanes } from './use-complementarity-lanes.ts';
import { BatchSetup } from './BatchSetup.tsx';
import { BatchProgress } from './BatchProgress.tsx';
import { BatchLlmNote } from './BatchLlmNote.tsx';
import { BatchFailures } from './BatchFailures.tsx';
import { BatchPlots } from './BatchPlots.tsx';
import { BatchToolbar } from './BatchToolbar.tsx';
import { BatchTable } from './BatchTable.tsx';

/** Strategies on backbones (single retrieval, +reader, or core's iterative strategies) over chosen questions of the dataset, with plots and exports. */
export function BatchPage() {
  useKeepCounterfactuals();
  const dataset = useActiveDataset();
  const questions = useMemo(() => dataset.data?.questions ?? [], [dataset.data]);
  const runner = useBatchRunner(dataset.data?.id, questions);
  const progress = useBatchProgress();
  const { runs, error } = progress;
  const results = useBatchResults(runs);
  const { rows, failed, completedRows, facts, strategies } = results;
  const judge = useJudgeLlm();
  // Kept here, not in the table or the plot card, so the scroll window and the lane pick outlive them.
  const table = useBatchTable(rows);
  const complementarity = useComplementarityLanes(rows, strategies);

  return (
    <div className="batch">
      <BatchSetup questions={questions} ready={dataset.isSuccess} progress={progress} runner={runner} />
      <BatchProgress progress={progress} failedCount={failed.length} />
      <ErrorLine error={error && `The batch stopped: ${error}. Resume continues with the questions not done.`} />
      {rows.length > 0 && (
        <>
          <BatchLlmNote rows={rows} />
          {failed.length > 0 && <BatchFailures failed={failed} total={rows.length} />}
          {completedRows.length === 0 ? (
            <p className="muted" data-testid="batch-no-plots">
              No run completed: there is nothing to plot.
            </p>
          ) : (
            <BatchPlots datasetId={dataset.data?.id} runs={runs} results={results} complementarity={complementarity} />
          )}
          <BatchToolbar rows={rows} />
          <DualRagBatchActions rows={rows} judge={judge} />
          <CounterfactualSummary />
          <BatchTable table={table} facts={facts} />
        </>
      )}
    </div>
  );
}
