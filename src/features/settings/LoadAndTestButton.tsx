// The "Load and test" button of a model form, disabled while a folder is stored or a test runs.
export function LoadAndTestButton({ testId, busy, onTest }: { testId: string; busy: boolean; onTest(): void }) {
  return (
    <button type="button" className="btn" onClick={onTest} disabled={busy} data-testid={testId}>
      Load and test
    </button>
  );
}
