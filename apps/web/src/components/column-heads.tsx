import type { ReactNode } from 'react';

/** A table's head: one row of column headers, in order, then `children` (a header of another kind). */
export function ColumnHeads({ labels, children }: { labels: readonly string[]; children?: ReactNode }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}
