import { failureAdvice } from './failure-advice.ts';
import type { InspectorTrace } from './use-inspector-trace.ts';

/** A failed run, said where the inspector opens: the whole error, where it happened and what to do next. */
export function RunFailure({ module, round, message }: NonNullable<InspectorTrace['failure']>) {
  const advice = failureAdvice(message);
  return (
    <section className="run-failure" role="alert" data-testid="run-failure">
      <h2>
        <span className="badge badge-failed">failed</span> The run failed{module ? ` in ${module}` : ''}
        {round !== null ? `, round ${round}` : ''}: {advice.cause}
      </h2>
      <pre className="run-failure-message" data-testid="run-failure-message">
        {message}
      </pre>
      <p className="run-failure-next">What to do next:</p>
      <ul data-testid="run-failure-steps">
        {advice.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <p className="muted">The partial trace is kept: step through what ran before the failure, or export it.</p>
    </section>
  );
}
