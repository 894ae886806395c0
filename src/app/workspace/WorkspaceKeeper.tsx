import { useEffect } from 'react';
import { appStore } from '../../state/store.ts';
import { useEngine } from '../engine-client.ts';
import { keepWorkspace } from './keep-workspace.ts';

/** Renders nothing: restores the last session's workspace (and the run's what-if branches) from IndexedDB and keeps saving it. */
export function WorkspaceKeeper() {
  const engine = useEngine();
  useEffect(() => keepWorkspace(appStore, engine), [engine]);
  return null;
}
