// What a settings block shows when its stored value cannot be read (the reason and a reset) or a change
// could not be saved: the same words and roles for the LLM, embedding and reranker blocks.

interface Props {
  message: string;
  resetLabel: string;
  onReset(): void;
  resetError?: string | null;
}

/** The stored settings no longer read: why, a reset to the defaults, and why the reset failed if it did. */
export function SettingsUnreadable({ message, resetLabel, onReset, resetError }: Props) {
  return (
    <div>
      <p className="error" role="alert">
        {message}
      </p>
      <button type="button" className="btn" onClick={onReset}>
        {resetLabel}
      </button>
      {resetError && <p className="error">{resetError}</p>}
    </div>
  );
}

/** A change that could not be written to this browser's storage. */
export function SaveFailed({ what, error }: { what: string; error: Error | null }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {what} could not be saved: {error.message}
    </p>
  );
}
