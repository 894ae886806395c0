import { useQuery } from '@tanstack/react-query';
import { demoDatasetQuery } from '../../app/queries.ts';
import { useEngine } from '../../app/engine-client.ts';
import { useRunQuestion } from '../../app/use-run.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { CorpusStatus } from './CorpusStatus.tsx';
import { QuestionForm } from './QuestionForm.tsx';
import { RankingList } from './RankingList.tsx';

/** The main screen: corpus status, the question form and what the run produced. */
export function InspectorPage() {
  const engine = useEngine();
  const dataset = useQuery(demoDatasetQuery(engine));
  const run = useRunQuestion(dataset.data?.id);
  const running = useAppStore((s) => s.runStatus === 'running');

  return (
    <div className="inspector">
      <CorpusStatus dataset={dataset} />
      <QuestionForm questions={dataset.data?.questions ?? []} disabled={!dataset.isSuccess} running={running} onRun={(q) => void run(q)} />
      <RankingList datasetId={dataset.data?.id} />
    </div>
  );
}
