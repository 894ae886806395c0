// The known small models a settings panel offers: one row per model, the columns given.
import type { ReactNode } from 'react';
import { ColumnHeads } from '../../app/components/ColumnHeads.tsx';

export interface KnownModelColumn<M> {
  header: string;
  cell(model: M): ReactNode;
  className?: string;
}

interface Props<M extends { id: string }> {
  testId: string;
  models: readonly M[];
  columns: readonly KnownModelColumn<M>[];
}

export function KnownModelsTable<M extends { id: string }>({ testId, models, columns }: Props<M>) {
  return (
    <table className="table" data-testid={testId}>
      <ColumnHeads names={columns.map((c) => c.header)} />
      <tbody>
        {models.map((m) => (
          <tr key={m.id}>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(m)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
