import type { ReactNode } from 'react';

/** A select's options: one per value, showing the value itself or its label. */
export function Options<T extends string | number>({
  values,
  label = String,
}: {
  values: readonly T[];
  label?: (value: T) => ReactNode;
}) {
  return values.map((v) => (
    <option key={v} value={v}>
      {label(v)}
    </option>
  ));
}
