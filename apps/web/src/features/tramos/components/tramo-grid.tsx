import { adminListFallback, type Tramo, tramoMessages, tramoScreenTexts } from '@portal/contract/tramos';
import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ConfirmModal } from '@/components/confirm-modal';
import { Feedback } from '@/components/feedback';
import { LoadMoreButton } from '@/components/load-more-button';
import { Loading } from '@/components/loading';
import { useConfirmDelete } from '@/components/use-confirm-delete';
import { ApiError, errorText } from '@/lib/api';
import { useDeleteTramo } from '../api/delete-tramo';
import { useAllTramos } from '../api/get-tramos';
import { DeleteTramoButton } from './tramo-actions';
import { TramoCard } from './tramo-card';

/**
 * What differs between the two grids. The admin area shows a 401/403 as a message and keeps the
 * session (the calls go with endSessionOnAuthError false), and names the circular in the confirmation.
 */
const areas = {
  'user-area': {
    failure: (error: unknown) => errorText(error, tramoMessages.loadAllFallback, tramoMessages.loadAllNetwork),
    deleted: tramoMessages.deleted,
    deleteFallback: tramoMessages.deleteFallback,
    deleteNetwork: tramoMessages.deleteNetwork,
  },
  'admin-area': {
    failure: (error: unknown) =>
      error instanceof ApiError && !error.isNetwork
        ? (error.serverMessage ?? adminListFallback(error.status))
        : tramoMessages.adminListNetwork,
    deleted: tramoMessages.adminDeleted,
    deleteFallback: tramoMessages.adminDeleteFallback,
    deleteNetwork: tramoMessages.adminDeleteNetwork,
  },
};

/**
 * Every circular as a card grid, newest first, with 'Cargar más' while pages remain: each card with
 * the caller's `actions` and then Eliminar, behind a confirmation; `onDeleted` gets the success text.
 */
export function TramoGrid({
  area,
  actions,
  onDeleted,
}: {
  area: keyof typeof areas;
  actions: (t: Tramo) => ReactNode;
  onDeleted: (text: string) => void;
}) {
  const { failure, deleted, deleteFallback, deleteNetwork } = areas[area];
  const list = useAllTramos(area);
  const deletion = useConfirmDelete({
    mutation: useDeleteTramo({ adminArea: area === 'admin-area' }),
    variables: (t: Tramo) => t.id,
    fallback: deleteFallback,
    network: deleteNetwork,
    onDeleted: () => onDeleted(deleted),
  });
  const tramos = list.data?.pages.flatMap((p) => p.tramos) ?? [];

  return (
    <>
      {list.isLoading && <Loading text={tramoMessages.loading} />}
      {list.isError && <Feedback>{failure(list.error)}</Feedback>}
      {list.isSuccess && tramos.length === 0 && <p className="text-muted">{tramoMessages.empty}</p>}
      <Row xs={1} md={2} xl={3} className="g-3 ps-0" as="ul" style={{ listStyle: 'none' }} aria-label={tramoScreenTexts.listLabel}>
        {tramos.map((t) => (
          <Col as="li" key={t.id}>
            <TramoCard
              tramo={t}
              actions={
                <>
                  {actions(t)}
                  <DeleteTramoButton tramo={t} onClick={() => deletion.ask(t)} />
                </>
              }
            />
          </Col>
        ))}
      </Row>
      <LoadMoreButton pages={list} className="text-center mt-3" variant="outline-primary" />
      <ConfirmModal {...deletion.dialog}>
        <p className="mb-0">{tramoMessages.confirmDelete}</p>
        {area === 'admin-area' && deletion.pending && <p className="mb-0 fw-semibold">{deletion.pending.id_tramo}</p>}
      </ConfirmModal>
    </>
  );
}
