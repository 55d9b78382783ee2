import Table, { type TableProps } from 'react-bootstrap/Table';

/**
 * A table that may be wider than its box (long arco names in a narrow column): it scrolls sideways
 * inside a named region the keyboard can reach, so no one is left without its last columns
 * (axe-core's scrollable-region-focusable, checked in e2e/tests/a11y.spec.ts).
 */
export function ScrollTable({ label, ...props }: TableProps & { label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to be scrolled by keyboard
    <section className="table-responsive" aria-label={label} tabIndex={0}>
      <Table {...props} />
    </section>
  );
}
