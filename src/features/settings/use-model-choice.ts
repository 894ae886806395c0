// One model choice of the embedding and reranker settings: the hub id typed so far, the download consent, and
// storing a picked folder or "Load and test" (a busy / ok / failed state shown under the form).
import { useState } from 'react';
import type { StoredLocalModel } from '../../engine/engine-api.ts';

export type ModelTest<R> =
  { kind: 'idle' } | { kind: 'busy'; what: string } | { kind: 'ok'; r: R } | { kind: 'failed'; message: string };

export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
// React's input props lack the non-standard directory attribute.
export const folderPicker = { webkitdirectory: '', directory: '' } as Record<string, string>;

/** What the app gives a model settings panel (features cannot import providers). */
export interface ModelSettingsProps<S, R> {
  value: S;
  onChange(next: S): void;
  /** Stores the picked folder's files in this browser; rejects naming what the folder lacks. */
  storeFolder(files: File[], paths: string[]): Promise<StoredLocalModel>;
  /** Loads the saved model in the worker it runs in and tries it on a query (the reranker: two test pairs). */
  test(): Promise<R>;
}

export function useModelChoice<R>(
  options: Pick<ModelSettingsProps<unknown, R>, 'storeFolder' | 'test'> & {
    /** The hub model chosen now, or null: it fills the id field and gives the download consent. */
    hubModel: string | null;
    /** The id field's start when no hub model is chosen: the first known model. */
    firstKnownId: string;
    onPicked(model: StoredLocalModel): void;
    /** Shown while the test loads the model, e.g. "loading the model in the embedding worker…". */
    loading: string;
  },
) {
  const [hubId, setHubId] = useState<string>(options.hubModel ?? options.firstKnownId);
  const [allowDownload, setAllowDownload] = useState<boolean>(options.hubModel !== null);
  const [state, setState] = useState<ModelTest<R>>({ kind: 'idle' });

  const pick = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    setState({ kind: 'busy', what: `storing ${files.length} files in this browser…` });
    try {
      const paths = files.map((f) => f.webkitRelativePath || f.name);
      options.onPicked(await options.storeFolder(files, paths));
      setState({ kind: 'idle' });
    } catch (e) {
      setState({ kind: 'failed', message: message(e) });
    }
  };

  const runTest = async () => {
    setState({ kind: 'busy', what: options.loading });
    try {
      setState({ kind: 'ok', r: await options.test() });
    } catch (e) {
      setState({ kind: 'failed', message: message(e) });
    }
  };

  return { hubId, setHubId, allowDownload, setAllowDownload, state, pick, runTest };
}

export type ModelChoice<R> = ReturnType<typeof useModelChoice<R>>;
