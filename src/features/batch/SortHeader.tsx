import type { BatchSortKey } from '../../state/batch-slice.ts';

interface Props {
  column: BatchSortKey;
  label: string;
  sort: { key: BatchSortKey; desc: boolean };
  sortBy: (key: BatchSortKey) => void;
}

/** A batch table column header that sorts by its column (and says which way it is sorted). */
export function SortHeader({ column, label, sort, sortBy }: Props) {
  return (
    <th scope="col" aria-sort={sort.key === column ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="th-button" onClick={() => sortBy(column)}>
        {label}
        {sort.key === column ? (sort.desc ? ' ▼' : ' ▲') : ''}
      </button>
    </th>
  );
}
