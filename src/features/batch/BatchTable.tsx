import { runKey, type RunFacts } from './use-batch-results.ts';
import { TABLE_HEIGHT, type BatchTableState } from './use-batch-table.ts';
import { BatchTableRow } from './BatchTableRow.tsx';
import { SortHeader } from './SortHeader.tsx';
import { ROW_HEIGHT } from './use-window.ts';

interface Props {
  table: BatchTableState;
  facts: ReadonlyMap<string, RunFacts>;
}

/** The batch's runs, one row each, sortable, rendering only the rows on screen. */
export function BatchTable({ table: { shown, win, sort, sortBy }, facts }: Props) {
  const sorting = { sort, sortBy };
  return (
    <div className="table-scroll" style={{ maxHeight: TABLE_HEIGHT }} onScroll={win.onScroll}>
      <table className="table batch-table" data-testid="batch-table" aria-rowcount={shown.length + 1}>
        <thead>
          <tr>
            <SortHeader column="questionId" label="question" {...sorting} />
            <SortHeader column="strategy" label="strategy" {...sorting} />
            <SortHeader column="type" label="type" {...sorting} />
            <SortHeader column="recall5" label="Recall@5" {...sorting} />
            <SortHeader column="firstGoldRank" label="first gold rank" {...sorting} />
            <th scope="col">answer</th>
            <th scope="col">Acc</th>
            <th scope="col">rounds</th>
            <th scope="col">LLM calls</th>
            <th scope="col">what-if</th>
            <th scope="col">error</th>
          </tr>
        </thead>
        <tbody>
          {win.start > 0 && <tr aria-hidden="true" style={{ height: win.start * ROW_HEIGHT }} />}
          {shown.slice(win.start, win.end).map((r, i) => (
            <BatchTableRow
              key={runKey(r.strategy, r.questionId)}
              row={r}
              index={win.start + i + 2}
              facts={facts.get(runKey(r.strategy, r.questionId))}
            />
          ))}
          {win.end < shown.length && (
            <tr aria-hidden="true" style={{ height: (shown.length - win.end) * ROW_HEIGHT }} />
          )}
        </tbody>
      </table>
    </div>
  );
}
