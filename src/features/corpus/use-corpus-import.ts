// Importing a corpus: the options (words per passage, building the backbones), the engine call with
// its per-stage progress, what is being imported, and how long the whole import took.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proxy } from 'comlink';
import { useState } from 'react';
import { useEngine } from '../../app/engine-client.ts';
import { libraryQuery } from '../../app/queries.ts';
import { DEFAULT_CHUNK_WORDS } from '../../core/documents/chunker.ts';
import type { ImportProgress } from '../../engine/engine-api.ts';
import { folderOf, sourceFiles, type PickedFile } from './read-files.ts';
import { withProgress, type StageViews } from './import-stages.ts';

export function useCorpusImport() {
  const engine = useEngine();
  const client = useQueryClient();
  const [stages, setStages] = useState<StageViews>({});
  const [startedAt, setStartedAt] = useState(0);
  const [tookMs, setTookMs] = useState<number | undefined>(undefined);
  const onProgress = (p: ImportProgress) => setStages((s) => withProgress(s, p, performance.now()));
  const [names, setNames] = useState<string[]>([]);
  const [chunkWords, setChunkWords] = useState(DEFAULT_CHUNK_WORDS);
  const [buildBackbones, setBuildBackbones] = useState(true);
  const importing = useMutation({
    mutationFn: async (list: PickedFile[]) => {
      const folder = folderOf(list);
      return engine.importCorpus(await sourceFiles(list), proxy(onProgress), {
        chunkWords,
        ...(buildBackbones ? {} : { buildBackbones: false }),
        ...(folder ? { name: folder } : {}),
      });
    },
    onSuccess: () => {
      setTookMs(performance.now() - startedAt);
      return client.invalidateQueries({ queryKey: libraryQuery(engine).queryKey });
    },
  });
  const start = (list: PickedFile[]) => {
    if (list.length === 0) return;
    setStages({});
    setStartedAt(performance.now());
    setTookMs(undefined);
    const folder = folderOf(list);
    setNames(folder ? [`${folder}/ (${list.length} files)`] : list.map((f) => f.name));
    importing.mutate(list);
  };
  const cancel = () => void engine.cancelImport();

  return {
    importing,
    start,
    cancel,
    stages,
    tookMs,
    names,
    options: { chunkWords, setChunkWords, buildBackbones, setBuildBackbones },
  };
}

export type CorpusImport = ReturnType<typeof useCorpusImport>;
export type ImportChoices = CorpusImport['options'];
