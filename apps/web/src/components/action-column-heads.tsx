import { ColumnHeads } from './column-heads';

/**
 * The head of a table whose last column holds each row's buttons: one header per label, then the
 * buttons' column, named for screen readers only (`actions`). Admin screens only (the shifts' calendar,
 * the terminals), in a module of its own: the quality screens' tables do not carry it.
 */
export function ActionColumnHeads({ labels, actions }: { labels: readonly string[]; actions: string }) {
  return (
    <ColumnHeads labels={labels}>
      <th scope="col">
        <span className="visually-hidden">{actions}</span>
      </th>
    </ColumnHeads>
  );
}
