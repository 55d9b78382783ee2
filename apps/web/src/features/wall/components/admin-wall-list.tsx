import { wallMessages } from '@portal/contract/wall-messages';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Banner, type BannerMessage } from '@/components/banner';
import { CardActions } from '@/components/card-actions';
import { ConfirmModal } from '@/components/confirm-modal';
import type { DialogMutation } from '@/components/dialog-mutation';
import { ListStatus } from '@/components/list-status';
import { LoadMoreButton } from '@/components/load-more-button';
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
}

/**
 * The admin's grid of every post or every comment of every wall, newest first and paged: a card per
 * item (author, `subtitle` and the time, content, thumbnail, `details`) with Editar and Eliminar, the
 * edit dialog and the delete confirmation, each success reported in a banner for 3 seconds.
 */
export function AdminWallList<T extends ListedItem, D, U>({
  kind,
  texts,
  pages,
  remove,
  update,
  subtitle,
  imageAlt,
  imageClassName = 'rounded border',
  details,
}: {
  kind: 'post' | 'comment';
  texts: AdminWallTexts;
  pages: UseInfiniteQueryResult<InfiniteData<T[]>>;
  remove: { mutation: DialogMutation<D>; variables: (item: T) => D };
  update: { mutation: DialogMutation<U>; variables: (item: T, edit: WallEdit) => U };
  subtitle: (item: T) => string;
  imageAlt: (item: T) => string;
  imageClassName?: string;
  details?: (item: T) => ReactNode;
}) {
  const tz = useFactoryTz();
  const [editing, setEditing] = useState<T | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const deletion = useConfirmDelete({
    ...remove,
    fallback: texts.deleteFallback,
    network: wallMessages.network,
    onDeleted: () => setBanner({ variant: 'success', text: texts.deleted }),
  });

  return (
    <div>
      <h1 className="h4 mb-3">{texts.title}</h1>
      <Banner message={banner} onClose={() => setBanner(null)} autoHideMs={3000} />
      <ListStatus
        query={pages}
        items={pages.data?.pages.flat()}
        loading={texts.loading}
        fallback={texts.loadFallback}
        network={wallMessages.network}
        empty={texts.empty}
      >
        {(items) => (
          <>
            <Row xs={1} md={2} xl={3} className="g-3">
              {items.map((item) => (
                <Col key={item.id}>
                  <Card className="h-100 shadow-sm" data-testid={`admin-${kind}`}>
                    <Card.Body>
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
                </Col>
              ))}
            </Row>
            <LoadMoreButton pages={pages} className="text-center my-3" />
          </>
        )}
      </ListStatus>
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
