import type { ReactNode } from 'react';

/** A table's header row: one column header per name, in order. */
export function ColumnHeads({ names }: { names: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, i) => (
          <th key={i} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
