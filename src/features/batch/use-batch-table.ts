// The batch table's rows in view: filtered by question type, sorted by the chosen column, and windowed
// (only the rows on screen are rendered).
import { useMemo } from 'react';
import type { BatchRow } from '../../app/batch/results.ts';
import type { BatchSortKey } from '../../state/batch-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';
import { useWindow } from './use-window.ts';

export const TABLE_HEIGHT = 440;

// core's Recall@5 (over gold items when a document questions file named files or sections); a failed run
// has no score (shown "—", sorted last), never 0%; NaN sorts last without gold
export const recall5 = (r: BatchRow) => (r.status === 'done' ? r.metrics?.recall[5] : undefined) ?? Number.NaN;
const SORTS: Record<BatchSortKey, (r: BatchRow) => string | number> = {
  questionId: (r) => r.questionId,
  strategy: (r) => r.strategy,
  type: (r) => r.type,
  recall5,
  firstGoldRank: (r) => r.firstGoldRank ?? Infinity,
};

/** Numbers in order with NaN (no score) after them, anything else as text. */
function compare(x: string | number, y: string | number): number {
  if (typeof x !== 'number' || typeof y !== 'number') return String(x).localeCompare(String(y));
  return Number.isNaN(x) ? 1 : Number.isNaN(y) ? -1 : x - y;
}

export function useBatchTable(rows: readonly BatchRow[]) {
  const typeFilter = useAppStore((s) => s.batchTypeFilter);
  const sort = useAppStore((s) => s.batchSort);
  const sortBy = useAppStore((s) => s.sortBatch);
  const shown = useMemo(() => {
    const f = typeFilter ? rows.filter((r) => r.type === typeFilter) : rows;
    const key = SORTS[sort.key];
    return [...f].sort((a, b) => (sort.desc ? -1 : 1) * compare(key(a), key(b)));
  }, [rows, typeFilter, sort]);
  const win = useWindow(shown.length, TABLE_HEIGHT);
  return { shown, win, sort, sortBy };
}

export type BatchTableState = ReturnType<typeof useBatchTable>;
