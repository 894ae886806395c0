// One model choice as the embedding and reranker settings make it: the hub id typed so far and the
// download consent, plus (use-model-folder.ts) storing a picked folder and "Load and test".
import { useState } from 'react';
import { useModelFolder, type PickedModel } from './use-model-folder.ts';

export function useModelChoice<R>(options: {
  /** The hub model chosen now, or null: it fills the id field and gives the download consent. */
  hubModel: string | null;
  /** The id field's start when no hub model is chosen: the first known model. */
  firstKnownId: string;
  storeFolder(files: File[], paths: string[]): Promise<PickedModel>;
  test(): Promise<R>;
  onPicked(model: PickedModel): void;
  /** Shown while the test loads the model. */
  loading: string;
}) {
  const [hubId, setHubId] = useState<string>(options.hubModel ?? options.firstKnownId);
  const [allowDownload, setAllowDownload] = useState<boolean>(options.hubModel !== null);
  const { state, pick, runTest } = useModelFolder(options);
  return { hubId, setHubId, allowDownload, setAllowDownload, state, pick, runTest };
}

export type ModelChoice<R> = ReturnType<typeof useModelChoice<R>>;
