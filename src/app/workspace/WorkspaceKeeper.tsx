import { useEffect } from 'react';
import { appStore } from '../../state/store.ts';
import { useEngine } from '../engine-client.ts';
import { keepBranches } from './keep-branches.ts';
import { keepWorkspace } from './keep-workspace.ts';

/** Renders nothing: restores the last session's workspace from IndexedDB and keeps saving it. */
export function WorkspaceKeeper() {
  const engine = useEngine();
  useEffect(() => {
    const db = {
      getSetting: (key: string) => engine.getSetting(key),
      putSetting: (key: string, value: unknown) => engine.putSetting(key, value),
    };
    const stopWorkspace = keepWorkspace(appStore, db);
    // the run's what-if branches, put back once the run is
    const stopBranches = keepBranches(appStore, db);
    return () => {
      stopBranches();
      stopWorkspace();
    };
  }, [engine]);
  return null;
}
