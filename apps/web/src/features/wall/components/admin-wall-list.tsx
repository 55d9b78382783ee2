import { type Page, pagingMessages } from '@portal/contract/paging';
import { wallAdminTexts as t } from '@portal/contract/wall-admin-messages';
import { wallMessages } from '@portal/contract/wall-messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Card from 'react-bootstrap/Card';
import { DATE_RANGE_FIELDS, FilterBar, type FilterField } from '@/components/admin-list-filters';
import { deleteEach, PagedAdminList } from '@/components/admin-list-paged';
import type { useListParams } from '@/components/admin-list-params';
import { useStationFields } from '@/components/admin-list-stations';
import { type AdminColumn, RowActions } from '@/components/admin-list-table';
import { Banner, type BannerMessage } from '@/components/banner';
import { CardActions } from '@/components/card-actions';
import { ConfirmModal } from '@/components/confirm-modal';
import type { DialogMutation } from '@/components/dialog-mutation';
import { PhotoViewer } from '@/components/photo-viewer';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { imageUrl } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { type WallEdit, type WallEditable, WallEditModal } from './wall-edit-modal';

interface ListedItem extends WallEditable {
  user_name: string;
  timestamp: string;
}

/** The texts of one admin list, from wallMessages. */
export interface AdminWallTexts {
  title: string;
  loading: string;
  loadFallback: string;
  empty: string;
  confirmDelete: string;
  deleted: string;
  deleteFallback: string;
  updated: string;
  /** The item in the bulk confirmation. */
  one: string;
  many: string;
}

export const WALL_FILTERS = ['from', 'to', 'arco_sumergido_id', 'q'] as const;
type WallFilter = (typeof WALL_FILTERS)[number];

/**
 * The admin's list of every post or every comment of every wall, filtered, sorted and paged by the
 * server: a card per item on phones (author, `subtitle` and the time, content, thumbnail, `details`,
 * Editar and Eliminar), a table on laptops, the edit dialog, the delete confirmation, and the
 * selected items deleted together; each success reported in a banner for 3 seconds.
 */
export function AdminWallList<T extends ListedItem, D, U>({
  kind,
  texts,
  query,
  list,
  remove,
  update,
  subtitle,
  imageAlt,
  imageClassName = 'rounded border',
  details,
  columns = [],
}: {
  kind: 'post' | 'comment';
  texts: AdminWallTexts;
  query: UseQueryResult<Page<T>>;
  list: ReturnType<typeof useListParams<WallFilter>>;
  remove: { mutation: DialogMutation<D> & { mutateAsync: (v: D) => Promise<unknown> }; variables: (item: T) => D };
  update: { mutation: DialogMutation<U>; variables: (item: T, edit: WallEdit) => U };
  subtitle: (item: T) => string;
  imageAlt: (item: T) => string;
  imageClassName?: string;
  details?: (item: T) => ReactNode;
  /** Extra sortable columns of the table. */
  columns?: AdminColumn<T>[];
}) {
  const tz = useFactoryTz();
  const stationFields = useStationFields(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const deletion = useConfirmDelete({
    ...remove,
    fallback: texts.deleteFallback,
    network: wallMessages.network,
    onDeleted: () => setBanner({ variant: 'success', text: texts.deleted }),
  });
  const filters: FilterField<WallFilter>[] = [
    { name: 'q', label: pagingMessages.search, type: 'text' },
    // Without the nave: only the arco field, which the wall filters share.
    ...(stationFields as FilterField<WallFilter>[]),
    ...DATE_RANGE_FIELDS,
  ];

  return (
    <div>
      <h1 className="h4 mb-3">{texts.title}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={3000} />
      <FilterBar fields={filters} values={list.filters} onApply={list.setFilters} />
      <PagedAdminList
        query={query}
        params={list}
        testId={`admin-${kind}`}
        // The same test id as the phone card: a row holds the same texts and buttons.
        rowTestId={`admin-${kind}`}
        texts={{
          caption: texts.title,
          loading: texts.loading,
          fallback: texts.loadFallback,
          network: wallMessages.network,
          empty: texts.empty,
          one: texts.one,
          many: texts.many,
        }}
        label={(item) => t.rowLabel(texts.one, item.user_name, formatDateTime(item.timestamp, tz))}
        columns={[
          { id: 'created', header: t.date, sort: 'created', cell: (item) => formatDateTime(item.timestamp, tz) },
          { id: 'author', header: t.author, cell: (item) => item.user_name },
          { id: 'where', header: t.where, cell: subtitle },
          {
            id: 'content',
            header: t.content,
            cell: (item) => <span className="text-break">{item.content || (item.image_path ? t.imageOnly : '')}</span>,
          },
          ...columns,
          {
            id: 'actions',
            header: pagingMessages.actions,
            cell: (item) => <RowActions onEdit={() => setEditing(item)} onDelete={() => deletion.ask(item)} />,
          },
        ]}
        card={(item, select) => (
          <Card className="h-100 shadow-sm" data-testid={`admin-${kind}`}>
            <Card.Body>
              {select}
              <Card.Title className="h6 mb-1">{item.user_name}</Card.Title>
              <Card.Subtitle className="text-muted small mb-2">
                {subtitle(item)} · {formatDateTime(item.timestamp, tz)}
              </Card.Subtitle>
              {item.content && (
                <Card.Text className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
                  {item.content}
                </Card.Text>
              )}
              {item.image_path && (
                <PhotoViewer
                  className={imageClassName}
                  thumb={imageUrl(item.image_thumb ?? item.image_path)}
                  full={imageUrl(item.image_path)}
                  alt={imageAlt(item)}
                  title={imageAlt(item)}
                  size={100}
                />
              )}
              {details?.(item)}
            </Card.Body>
            <CardActions onEdit={() => setEditing(item)} onDelete={() => deletion.ask(item)} />
          </Card>
        )}
        onDeleteMany={(items) => deleteEach(items, (item) => remove.mutation.mutateAsync(remove.variables(item)))}
      />
      <WallEditModal
        kind={kind}
        item={editing}
        update={update.mutation}
        variables={update.variables}
        onHide={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          setBanner({ variant: 'success', text: texts.updated });
        }}
      />
      <ConfirmModal {...deletion.dialog}>{texts.confirmDelete}</ConfirmModal>
    </div>
  );
}
