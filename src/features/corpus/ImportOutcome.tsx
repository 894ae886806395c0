// How an import ended: the error to fix, or what was imported and how long it took, with the files not
// imported, and (with an LLM in Settings, after the backbones stage) the offer to build their LLM versions.
import { seconds } from './import-stages.ts';
import { LlmBuilds } from './LlmBuilds.tsx';
import type { CorpusImport } from './use-corpus-import.ts';

export function ImportOutcome({ imported: { importing, tookMs, stages } }: { imported: CorpusImport }) {
  const error = importing.isError ? importing.error : null;
  const entry = importing.isSuccess ? importing.data : undefined;
  // The import's backbones stage built the stand-ins.
  const backbonesBuilt = stages.backbones?.state === 'done';
  return (
    <>
      {error && (
        <p className="error" role="alert" data-testid="import-error">
          {error.message}. Fix the file
          {/\brecord \d/.test(error.message) ? ' (the record number counts from 0)' : ''} and import it again.
        </p>
      )}
      {entry && (
        <p className="status status-ok" data-testid="import-done">
          Imported “{entry.name}”: {entry.passageCount} passages, {entry.questionCount} questions
          {tookMs !== undefined ? ` in ${seconds(tookMs)}` : ''}.
        </p>
      )}
      {entry?.warnings && entry.warnings.length > 0 && (
        <div className="status status-warn" role="status" data-testid="import-warnings">
          <p>Not imported, or imported with a caveat (the other files imported):</p>
          <ul>
            {entry.warnings.map((w) => (
              <li key={w} data-testid="import-warning">
                {w}
              </li>
            ))}
          </ul>
        </div>
      )}
      {entry && backbonesBuilt && <LlmBuilds entry={entry} />}
    </>
  );
}
