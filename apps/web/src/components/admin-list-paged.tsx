import { type Page, pagingMessages as t } from '@portal/contract/paging';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Pager } from './admin-list-pager';
import type { useListParams } from './admin-list-params';
import { type AdminColumn, DataTable } from './admin-list-table';
import { Banner, type BannerMessage } from './banner';
import { ConfirmModal } from './confirm-modal';
import { ListStatus } from './list-status';
import { useMediaQuery } from './use-media-query';

export interface PagedListTexts {
  caption: string;
  loading: string;
  fallback: string;
  network: string;
  empty: string;
  /** The item in the bulk confirmation: 'publicación' / 'publicaciones'. */
  one: string;
  many: string;
}

/**
 * One page of an admin list from the server: a card grid on phones, a sortable table on laptops, the
 * pager, and the selected items deleted together after one 'Confirmar Eliminación' that names the count.
 */
export function PagedAdminList<T extends { id: number }>({
  query,
  params,
  texts,
  columns,
  card,
  label,
  testId,
  rowTestId,
  onDeleteMany,
}: {
  query: UseQueryResult<Page<T>>;
  params: Pick<ReturnType<typeof useListParams>, 'page' | 'pageSize' | 'sort' | 'dir' | 'setPage' | 'setPageSize' | 'setSort'>;
  texts: PagedListTexts;
  columns: AdminColumn<T>[];
  /** The phone card of an item; `select` is its selection checkbox. */
  card: (item: T, select: ReactNode) => ReactNode;
  label: (item: T) => string;
  /** Names the phone checkboxes' ids. */
  testId: string;
  /** The test id of a table row. */
  rowTestId: string;
  /** Deletes the items one by one; answers how many went. */
  onDeleteMany: (items: T[]) => Promise<number>;
}) {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // The button that opened the confirmation is disabled once its selection is gone: focus goes to the
  // list's total instead, which now reads the new count (e2e/tests/a11y.spec.ts).
  const pager = useRef<HTMLDivElement>(null);
  const deleted = useRef(false);
  const focusTotal = () => {
    const total = pager.current?.querySelector<HTMLElement>('[data-testid="list-total"]');
    if (!deleted.current || !total) return;
    deleted.current = false;
    total.tabIndex = -1;
    total.focus();
  };
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  // Bootstrap's lg breakpoint: a laptop gets the table, a phone or tablet the cards (only one is built).
  const wide = useMediaQuery('(min-width: 992px)');
  const items = query.data?.items;
  // A new page (another page, filter or order) starts with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new answer
  useEffect(() => setSelected({}), [items]);
  const chosen = (items ?? []).filter((item) => selected[String(item.id)]);

  const confirm = async () => {
    setBusy(true);
    const done = await onDeleteMany(chosen);
    setBusy(false);
    setAsking(false);
    setSelected({});
    deleted.current = true;
    setBanner(
      done === chosen.length
        ? { variant: 'success', text: t.bulkDone(done) }
        : { variant: 'danger', text: t.bulkPartial(done, chosen.length) },
    );
  };

  return (
    <>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={3000} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span className="small text-muted" aria-live="polite">
          {chosen.length > 0 && t.selected(chosen.length)}
        </span>
        <Button variant="danger" size="sm" disabled={chosen.length === 0} onClick={() => setAsking(true)}>
          {t.deleteSelected(chosen.length)}
        </Button>
      </div>
      <ListStatus query={query} items={items} loading={texts.loading} fallback={texts.fallback} network={texts.network} empty={texts.empty}>
        {(rows) =>
          wide ? (
            <DataTable
              caption={texts.caption}
              items={rows}
              columns={columns}
              sort={params.sort}
              dir={params.dir}
              onSort={params.setSort}
              selected={selected}
              onSelected={setSelected}
              label={label}
              rowTestId={rowTestId}
            />
          ) : (
            <Row xs={1} md={2} className="g-3">
              {rows.map((item) => (
                <Col key={item.id}>
                  {card(
                    item,
                    <Form.Check
                      id={`select-${testId}-${item.id}`}
                      className="small"
                      label={t.select(label(item))}
                      checked={Boolean(selected[String(item.id)])}
                      onChange={(e) => setSelected((s) => ({ ...s, [String(item.id)]: e.target.checked }))}
                    />,
                  )}
                </Col>
              ))}
            </Row>
          )
        }
      </ListStatus>
      <div ref={pager}>
        {query.data && (
          <Pager
            total={query.data.total}
            page={params.page}
            pageSize={params.pageSize}
            onPage={params.setPage}
            onPageSize={params.setPageSize}
          />
        )}
      </div>
      <ConfirmModal show={asking} busy={busy} onConfirm={confirm} onCancel={() => setAsking(false)} onExited={focusTotal}>
        {t.confirmBulk(chosen.length, texts.one, texts.many)}
      </ConfirmModal>
    </>
  );
}

/** Deletes one by one (each delete keeps its own rules and events); answers how many succeeded. */
export async function deleteEach<T>(items: T[], remove: (item: T) => Promise<unknown>): Promise<number> {
  let done = 0;
  for (const item of items) {
    try {
      await remove(item);
      done++;
    } catch {
      // Counted as not deleted: the banner reports the rest.
    }
  }
  return done;
}
