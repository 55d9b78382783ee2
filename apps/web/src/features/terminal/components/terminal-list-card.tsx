import type { ReactNode } from 'react';

/** A list card of the terminal's home (today's paradas, the wall): its heading, the items, or a line when there are none. */
export function TerminalListCard<T>({
  id,
  title,
  empty,
  items,
  children,
}: {
  /** The heading's id; the list's data-testid too. */
  id: string;
  title: string;
  empty: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h4">
          {title}
        </h2>
        {items.length === 0 ? (
          <p className="mb-0">{empty}</p>
        ) : (
          <ul className="list-unstyled mb-0 terminal-list" data-testid={id}>
            {items.map(children)}
          </ul>
        )}
      </div>
    </section>
  );
}
