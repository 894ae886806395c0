// The dataset the workbench works on (demo or a library corpus), loaded in the engine worker.
import { useQuery } from '@tanstack/react-query';
import { useAppStore } from '../state/use-app-store.ts';
import { useEngine } from './engine-client.ts';
import { datasetQuery } from './queries.ts';

export function useActiveDataset() {
  const engine = useEngine();
  const id = useAppStore((s) => s.activeCorpusId);
  return useQuery(datasetQuery(engine, id));
}
