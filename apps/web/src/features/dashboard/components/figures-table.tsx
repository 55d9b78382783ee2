import { type Key, type ReactNode, useId } from 'react';
import Card from 'react-bootstrap/Card';
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

/** A titled card of the downtime analysis around its figures, with an optional line of help. */
export function FiguresCard({ title, help, testId, children }: { title: string; help?: string; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card as="section" className="shadow-sm mt-3" aria-labelledby={titleId} data-testid={testId}>
      <Card.Body>
        <Card.Title as="h3" id={titleId} className="h6">
          {title}
        </Card.Title>
        {help && <p className="small text-body-secondary">{help}</p>}
        {children}
      </Card.Body>
    </Card>
  );
}
