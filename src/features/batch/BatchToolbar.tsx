import { SecondaryButton } from '../../app/components/SecondaryButton.tsx';
import { Options } from '../../app/components/Options.tsx';
import { rowsToCsv, rowsToJson, type BatchRow } from '../../app/batch/results.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { download } from '../../app/download.ts';

/** Above the batch table: the question-type filter and the CSV/JSON exports of every row. */
export function BatchToolbar({ rows }: { rows: readonly BatchRow[] }) {
  const typeFilter = useAppStore((s) => s.batchTypeFilter);
  const setTypeFilter = useAppStore((s) => s.setBatchTypeFilter);
  const types = [...new Set(rows.map((r) => r.type))].sort();
  return (
    <div className="toolbar">
      <label className="field field-inline">
        <span>Type</span>
        <select
          value={typeFilter ?? ''}
          onChange={(e) => setTypeFilter(e.target.value || null)}
          data-testid="batch-type-filter"
        >
          <option value="">all types</option>
          <Options values={types} />
        </select>
      </label>
      <SecondaryButton
        data-testid="export-csv"
        onClick={() => download('hopscope-batch.csv', new Blob([rowsToCsv(rows)], { type: 'text/csv' }))}
      >
        Export CSV
      </SecondaryButton>
      <SecondaryButton
        data-testid="export-json"
        onClick={() => download('hopscope-batch.json', new Blob([rowsToJson(rows)], { type: 'application/json' }))}
      >
        Export JSON
      </SecondaryButton>
      <span className="muted">Click a row to open its trace in the Inspector.</span>
    </div>
  );
}
