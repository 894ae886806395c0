import { useState } from 'react';
import { traceSchema } from '../../core/trace/schema.ts';
import { appStore } from '../../state/store.ts';

/** Opens a recorded trace (JSON) to inspect it without running anything; errors name the file and field. */
export function TraceFileInput() {
  const [error, setError] = useState<string | null>(null);
  const open = async (file: File) => {
    setError(null);
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch (err) {
      setError(`${file.name} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    const parsed = traceSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${file.name} is not a Hopscope trace: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
      return;
    }
    appStore.getState().showTrace(parsed.data);
  };
  return (
    <div className="trace-file">
      <label className="file-label">
        Open a trace file…
        <input
          type="file"
          accept=".json,application/json"
          data-testid="trace-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void open(file);
          }}
        />
      </label>
      {error && (
        <p className="error" role="alert" data-testid="trace-file-error">
          {error}
        </p>
      )}
    </div>
  );
}
