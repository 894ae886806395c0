// One import stage in the progress table: its bar, its detail and time, or "failed" where a failed import stopped.
import type { ImportStage } from '../../engine/engine-api.ts';
import { STAGE_LABELS, seconds, type StageView } from './import-stages.ts';

interface Props {
  stage: ImportStage;
  /** Its last progress, or undefined while it waits. */
  view: StageView | undefined;
  importFailed: boolean;
}

export function ImportStageRow({ stage, view: p, importFailed }: Props) {
  // A stage still running when the import failed is where it failed: it stops looking busy.
  const failedHere = importFailed && p?.state === 'running';
  return (
    <tr
      data-testid="import-stage"
      data-stage={stage}
      data-state={failedHere ? 'failed' : (p?.state ?? 'waiting')}
      className={failedHere ? 'stage-failed' : undefined}
    >
      <th scope="row">{STAGE_LABELS[stage]}</th>
      <td className="stage-bar">
        <progress
          max={1}
          value={p ? (p.state === 'running' ? p.fraction : 1) : 0}
          aria-label={`${STAGE_LABELS[stage]} progress`}
          hidden={failedHere}
        />
        {failedHere && <span className="badge badge-failed">failed</span>}
      </td>
      <td className="muted">
        {failedHere
          ? 'stopped here: see the error below'
          : p
            ? `${p.state === 'skipped' ? 'skipped: ' : p.state === 'running' ? '… ' : ''}${p.detail}${p.tookMs !== undefined ? `${p.detail ? ' · ' : ''}${seconds(p.tookMs)}` : ''}`
            : ''}
      </td>
    </tr>
  );
}
