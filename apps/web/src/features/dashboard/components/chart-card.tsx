import { type ReactNode, useId } from 'react';
import Card from 'react-bootstrap/Card';

export const CHART_HEIGHT = 300;

export interface ChartTableColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

/**
 * A titled card around one chart. The SVG is visual only; screen readers get the chart's description
 * and the same figures as a table, which the eye never sees.
 */
export function ChartCard<T>({
  title,
  description,
  rows,
  columns,
  empty,
  children,
}: {
  title: string;
  description: string;
  /** Undefined while the figures are on their way: the card keeps the chart's box, so nothing moves when they arrive. */
  rows: T[] | undefined;
  columns: ChartTableColumn<T>[];
  /** Shown instead of the chart when there are no rows: one line, not a 300 px empty box. */
  empty?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className="h-100 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" id={titleId} className="h6">
          {title}
        </Card.Title>
        {rows?.length === 0 && empty ? (
          <p className="text-body-secondary mb-0">{empty}</p>
        ) : !rows ? (
          <div style={{ height: CHART_HEIGHT }} />
        ) : (
          <>
            <figure className="m-0" aria-label={description} style={{ height: CHART_HEIGHT }}>
              {children}
            </figure>
            {/* The wrapper hides the table: a table ignores the 1 px width of .visually-hidden and would widen the page. */}
            <div className="visually-hidden">
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.header} scope="col">
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed, ordered series
                    <tr key={i}>
                      {columns.map((c) => (
                        <td key={c.header}>{c.value(row)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
