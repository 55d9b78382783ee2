import { pagingMessages as t } from '@portal/contract/paging';
import {
  type ColumnDef,
  getCoreRowModel,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';

export interface AdminColumn<T> {
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** The server's sort key when the column sorts. */
  sort?: string;
}

/**
 * Calls a header or cell function instead of flexRender's `<Cell />`: the column definitions are
 * rebuilt on each render, and a new function as a component type would remount every cell, so the
 * row's Editar button a dialog returns focus to would no longer be in the page.
 */
const render = <C,>(content: unknown, context: C): ReactNode =>
  typeof content === 'function' ? (content as (c: C) => ReactNode)(context) : (content as ReactNode);

const apply = <S,>(updater: Updater<S>, old: S): S => (typeof updater === 'function' ? (updater as (s: S) => S)(old) : updater);

/**
 * The dense table of an admin list on a laptop (TanStack Table, headless): the server sorts, so a
 * sortable header only asks for another order; a checkbox column selects rows of the page.
 */
export function DataTable<T extends { id: number }>({
  caption,
  items,
  columns,
  sort,
  dir,
  onSort,
  selected,
  onSelected,
  label,
  rowTestId,
}: {
  caption: string;
  items: readonly T[];
  columns: AdminColumn<T>[];
  sort: string;
  dir: 'asc' | 'desc';
  onSort: (sort: string, dir: 'asc' | 'desc') => void;
  selected: RowSelectionState;
  onSelected: (selection: RowSelectionState) => void;
  /** The row as a checkbox names it. */
  label: (item: T) => string;
  rowTestId: string;
}) {
  const sortColumn = columns.find((c) => c.sort === sort);
  const sorting: SortingState = sortColumn ? [{ id: sortColumn.id, desc: dir === 'desc' }] : [];
  const defs: ColumnDef<T>[] = [
    {
      id: 'select',
      enableSorting: false,
      header: ({ table }) => (
        <Form.Check
          aria-label={t.selectAll}
          checked={table.getIsAllRowsSelected()}
          ref={(el: HTMLInputElement | null) => {
            if (el) el.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Form.Check aria-label={t.select(label(row.original))} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
      ),
    },
    ...columns.map(
      (c): ColumnDef<T> => ({
        id: c.id,
        header: c.header,
        enableSorting: Boolean(c.sort),
        // A sortable column needs an accessor; the server sorts, so its value is never read.
        ...(c.sort ? { accessorFn: (item: T) => item.id } : {}),
        cell: ({ row }) => c.cell(row.original),
      }),
    ),
  ];
  const table = useReactTable({
    data: items as T[],
    columns: defs,
    getRowId: (item) => String(item.id),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: true,
    state: { sorting, rowSelection: selected },
    onSortingChange: (updater) => {
      const [next] = apply(updater, sorting);
      const column = columns.find((c) => c.id === next?.id);
      if (column?.sort) onSort(column.sort, next.desc ? 'desc' : 'asc');
    },
    onRowSelectionChange: (updater) => onSelected(apply(updater, selected)),
  });

  return (
    <Table size="sm" hover responsive className="align-middle small">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const state = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={canSort ? (state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : 'none') : undefined}
                >
                  {canSort ? (
                    <button
                      type="button"
                      className="btn btn-link btn-sm p-0 fw-semibold text-decoration-none text-reset"
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {render(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true">{state === 'asc' ? ' ▲' : state === 'desc' ? ' ▼' : ' ↕'}</span>
                    </button>
                  ) : (
                    render(header.column.columnDef.header, header.getContext())
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} data-testid={rowTestId}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id}>{render(cell.column.columnDef.cell, cell.getContext())}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The Editar / Eliminar pair of a row (the phone's cards have CardActions). */
export function RowActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="d-flex gap-1">
      <Button size="sm" variant="outline-primary" onClick={onEdit}>
        {t.edit}
      </Button>
      <Button size="sm" variant="outline-danger" onClick={onDelete}>
        {t.remove}
      </Button>
    </div>
  );
}
