import './documents.css';
import { IMPORT_STAGES } from '../../engine/engine-api.ts';
import { useCorpusImport } from './use-corpus-import.ts';
import { ImportDropzone } from './ImportDropzone.tsx';
import { ImportOptions } from './ImportOptions.tsx';
import { ImportStageRow } from './ImportStageRow.tsx';
import { ImportOutcome } from './ImportOutcome.tsx';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

/** Import by picker or drag and drop: a progress bar per stage with its time, cancel, and errors next to the files. */
export function ImportPanel() {
  const imported = useCorpusImport();
  const { importing, start, cancel, stages, names, options } = imported;
  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a corpus</h2>
      <ImportDropzone busy={importing.isPending} onFiles={start}>
        <ImportOptions options={options} disabled={importing.isPending} />
      </ImportDropzone>
      {names.length > 0 && (
        <div className="import-status" data-testid="import-status">
          <p>
            <strong>{names.join(', ')}</strong>{' '}
            {importing.isPending && (
              <SmallButton data-testid="import-cancel" onClick={cancel}>
                Cancel
              </SmallButton>
            )}
          </p>
          <table className="table stages">
            <tbody>
              {IMPORT_STAGES.map((s) => (
                <ImportStageRow key={s} stage={s} view={stages[s]} importFailed={importing.isError} />
              ))}
            </tbody>
          </table>
          <ImportOutcome imported={imported} />
        </div>
      )}
    </section>
  );
}
