import { tramoMessages } from '@portal/contract/tramos';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { Banner, type BannerMessage } from '@/components/Banner';
import { ConfirmModal } from '@/components/ConfirmModal';
import { Loading } from '@/components/Loading';
import { errorText } from '@/lib/api';
import { useAllTramos } from '../api/get-tramos';
import { TramoGrid } from '../components/TramoGrid';
import { useDeleteConfirmation } from '../components/useDeleteConfirmation';

/** Todos los Tramos (admin view inside the user area): every circular, with delete. */
export default function AllTramosPage() {
  const list = useAllTramos('user-area');
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const deletion = useDeleteConfirmation({
    adminArea: false,
    texts: { success: tramoMessages.deleted, fallback: tramoMessages.deleteFallback, network: tramoMessages.deleteNetwork },
    onDeleted: (text) => setBanner({ variant: 'success', text }),
  });
  const tramos = list.data?.pages.flatMap((p) => p.tramos) ?? [];

  return (
    <div>
      <h1 className="h4 mb-3">Todos los Tramos</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      {list.isLoading && <Loading text={tramoMessages.loading} />}
      {list.isError && (
        <div className="alert alert-danger" role="alert">
          {errorText(list.error, tramoMessages.loadAllFallback, tramoMessages.loadAllNetwork)}
        </div>
      )}
      {list.isSuccess && tramos.length === 0 && <p className="text-muted">{tramoMessages.empty}</p>}
      <TramoGrid
        tramos={tramos}
        hasMore={!!list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        actions={(t) => (
          <>
            <Link to={`/dashboard/tramo/${t.id}`} className="btn btn-outline-secondary btn-sm">
              Ver detalles
            </Link>
            <Button variant="danger" size="sm" onClick={() => deletion.ask(t)} aria-label={`Eliminar tramo ${t.id_tramo}`}>
              Eliminar
            </Button>
          </>
        )}
      />
      <ConfirmModal
        show={deletion.pending !== null}
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      >
        <p className="mb-0">{tramoMessages.confirmDelete}</p>
      </ConfirmModal>
    </div>
  );
}
