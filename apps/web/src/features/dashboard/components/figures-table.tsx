import type { Key } from 'react';
import { ScrollTable } from '@/components/scroll-table';
import type { ChartTableColumn } from './chart-card';

/**
 * One of the downtime analysis' small tables (per arco, per shift, micro-stops): a name in the first
 * column, figures right-aligned in the others, scrolling sideways in a named region (ScrollTable).
 */
export function FiguresTable<T>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => Key;
  columns: ChartTableColumn<T>[];
}) {
  const align = (i: number) => (i === 0 ? undefined : 'text-end');
  return (
    <ScrollTable size="sm" className="mb-0" label={label}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={c.header} scope="col" className={align(i)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) => (
              <td key={c.header} className={align(i)}>
                {c.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
