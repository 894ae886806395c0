import type { RunGraph } from './use-run-graph.ts';

/** Why there is no graph yet: the run's corpus failed to load, is not loaded here, or is being indexed. */
export function CorpusNotReady({ run: { dataset, corpusId } }: { run: RunGraph }) {
  return (
    <p className={dataset.isError ? 'error' : 'empty'} role={dataset.isError ? 'alert' : undefined}>
      {dataset.isError
        ? `The corpus failed to load: ${dataset.error.message}`
        : dataset.isSuccess
          ? `This run is on corpus "${corpusId}", which is not loaded here; the graph is built from the corpus, so import it first. The Inspector still replays the run.`
          : `Waiting for corpus "${corpusId}" to be indexed…`}
    </p>
  );
}
