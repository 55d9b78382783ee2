import { adminListFallback, type Tramo, tramoMessages } from '@portal/contract/tramos';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { Banner, type BannerMessage } from '@/components/Banner';
import { ConfirmModal } from '@/components/ConfirmModal';
import { ExportCsvForm } from '@/components/ExportCsvForm';
import { Loading } from '@/components/Loading';
import { ApiError } from '@/lib/api';
import { useExportTramos } from '../api/export-tramos';
import { useAllTramos } from '../api/get-tramos';
import { AdminEditTramoModal } from '../components/AdminEditTramoModal';
import { TramoGrid } from '../components/TramoGrid';
import { useDeleteConfirmation } from '../components/useDeleteConfirmation';

function listErrorText(error: unknown): string {
  if (error instanceof ApiError && !error.isNetwork) return error.serverMessage ?? adminListFallback(error.status);
  return tramoMessages.adminListNetwork;
}

/**
 * Admin circulares: card grid with edit and delete. Here a 401/403 only shows the message and keeps
 * the session (SPEC.md section 4), so every call goes with endSessionOnAuthError false.
 */
export default function AdminCircularesPage() {
  const list = useAllTramos('admin-area');
  const [editing, setEditing] = useState<Tramo | null>(null);
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const deletion = useDeleteConfirmation({
    adminArea: true,
    texts: { success: tramoMessages.adminDeleted, fallback: tramoMessages.adminDeleteFallback, network: tramoMessages.adminDeleteNetwork },
    onDeleted: (text) => setBanner({ variant: 'success', text }),
  });
  const tramos = list.data?.pages.flatMap((p) => p.tramos) ?? [];
  const exporting = useExportTramos();

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">Circulares</h1>
        <Link to="/dashboard/add-circular" className="btn btn-success">
          Añadir nueva circular
        </Link>
      </div>
      <ExportCsvForm onExport={exporting.mutateAsync} busy={exporting.isPending} />
      <Banner message={banner} onClose={() => setBanner(null)} />
      {list.isLoading && <Loading text={tramoMessages.loading} />}
      {list.isError && (
        <div className="alert alert-danger" role="alert">
          {listErrorText(list.error)}
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
            <Button variant="primary" size="sm" onClick={() => setEditing(t)} aria-label={`Editar tramo ${t.id_tramo}`}>
              Editar
            </Button>
            <Button variant="danger" size="sm" onClick={() => deletion.ask(t)} aria-label={`Eliminar tramo ${t.id_tramo}`}>
              Eliminar
            </Button>
          </>
        )}
      />
      <AdminEditTramoModal
        tramo={editing}
        onHide={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setBanner({ variant: 'success', text });
        }}
      />
      <ConfirmModal
        show={deletion.pending !== null}
        busy={deletion.busy}
        error={deletion.error}
        onConfirm={deletion.confirm}
        onCancel={deletion.cancel}
      >
        <p className="mb-0">{tramoMessages.confirmDelete}</p>
        {deletion.pending && <p className="mb-0 fw-semibold">{deletion.pending.id_tramo}</p>}
      </ConfirmModal>
    </div>
  );
}
