// Under a model form: what "Load and test" (or storing a folder) is doing, what the test found, or why it failed.
import type { ReactNode } from 'react';
import type { ModelTest } from './use-model-choice.ts';

interface Props<R> {
  /** Starts the test ids: "embed", "rerank". */
  prefix: string;
  state: ModelTest<R>;
  found(result: R): ReactNode;
}

export function ModelTestStatus<R>({ prefix, state, found }: Props<R>) {
  return (
    <div role="status" data-testid={`${prefix}-test-result`}>
      {state.kind === 'busy' && <p className="muted">{state.what}</p>}
      {state.kind === 'ok' && found(state.r)}
      {state.kind === 'failed' && (
        <p className="error" role="alert" data-testid={`${prefix}-error`}>
          {state.message}
        </p>
      )}
    </div>
  );
}
