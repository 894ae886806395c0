import type { BatchRow } from '../../app/batch/results.ts';
import { formatValue } from './charts.tsx';
import { CounterfactualCell } from './CounterfactualPanel.tsx';
import { openInInspector } from './open-in-inspector.ts';
import { runKey, type RunFacts } from './use-batch-results.ts';
import { recall5 } from './use-batch-table.ts';
import { ROW_HEIGHT } from './use-window.ts';

interface Props {
  row: BatchRow;
  /** The row's aria-rowindex (the header row is 1). */
  index: number;
  facts: RunFacts | undefined;
}

/** One run in the batch table (click or Enter opens its trace in the Inspector). */
export function BatchTableRow({ row: r, index, facts }: Props) {
  return (
    <tr
      data-testid="batch-row"
      aria-rowindex={index}
      style={{ height: ROW_HEIGHT }}
      tabIndex={0}
      onClick={() => openInInspector(r)}
      onKeyDown={(e) => e.key === 'Enter' && openInInspector(r)}
      className="clickable"
    >
      <td title={r.question}>{r.questionId}</td>
      <td>{r.strategy}</td>
      <td>{r.type}</td>
      <td className="num">{Number.isNaN(recall5(r)) ? '—' : `${(recall5(r) * 100).toFixed(0)}%`}</td>
      <td className="num">{r.status === 'done' ? (r.firstGoldRank ?? '—') : '—'}</td>
      <td>{r.answer ?? <span className="muted">—</span>}</td>
      <td className="num">{r.acc === null ? '—' : formatValue(r.acc, 'percent')}</td>
      <td className="num" data-testid="batch-rounds" title={facts?.route ? `routed to ${facts.route}` : undefined}>
        {facts?.rounds ?? '—'}
      </td>
      <td className="num">{facts?.calls ?? '—'}</td>
      <CounterfactualCell runKey={runKey(r.strategy, r.questionId)} />
      <td data-testid="batch-error" className={r.error ? 'error' : undefined} title={r.error ?? undefined}>
        {r.status === 'failed' ? `failed: ${r.error ?? 'no error recorded'}` : (r.error ?? '')}
      </td>
    </tr>
  );
}
