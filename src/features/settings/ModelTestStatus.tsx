// Under a model form: what "Load and test" (or storing a folder) is doing, what the test found, or why it failed.
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
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
      <ErrorLine error={state.kind === 'failed' ? state.message : null} testid={`${prefix}-error`} />
    </div>
  );
}
