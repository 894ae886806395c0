// "Test connection" and what it found: the server's models to pick from and its structured outputs, or why it failed.
import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import type { ConnectionTestState } from './use-connection-test.ts';

interface Props {
  test: ConnectionTestState;
  /** The model chosen now. */
  model: string;
  onTest(): void;
  onPickModel(model: string): void;
}

export function ConnectionTest({ test, model, onTest, onPickModel }: Props) {
  return (
    <>
      <button type="button" data-testid="llm-test-connection" onClick={onTest} disabled={test.kind === 'testing'}>
        {test.kind === 'testing' ? 'Testing…' : 'Test connection'}
      </button>
      <div role="status" data-testid="llm-test-result">
        {test.kind === 'ok' && (
          <>
            <p>
              Connected: {test.models.length} model{test.models.length === 1 ? '' : 's'}
              {test.models.length > 0 && !test.models.includes(model) ? '. Pick one:' : '.'}
            </p>
            <ul className="model-list" data-testid="llm-models">
              {test.models.map((m) => (
                <li key={m}>
                  <button type="button" aria-pressed={m === model} onClick={() => onPickModel(m)}>
                    {m}
                  </button>
                </li>
              ))}
            </ul>
            {test.structured !== undefined && <p data-testid="llm-structured">Structured outputs: {test.structured}</p>}
          </>
        )}
        <ErrorLine error={test.kind === 'failed' ? test.message : null} testid="llm-test-error" />
      </div>
    </>
  );
}
