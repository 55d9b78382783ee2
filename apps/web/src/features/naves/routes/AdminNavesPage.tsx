import { type NaveWithCount, naveMessages, naveScreenTexts } from '@portal/contract/naves';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { Banner, type BannerMessage } from '@/components/Banner';
import { ConfirmModal } from '@/components/ConfirmModal';
import { Loading } from '@/components/Loading';
import { errorText } from '@/lib/api';
import { useDeleteNave } from '../api/delete-nave';
import { useAdminNaves } from '../api/get-admin-naves';
import { AddNaveForm } from '../components/AddNaveForm';
import { RenameNaveModal } from '../components/RenameNaveModal';

/** Admin 'Naves': the sites with their station counts; add, rename, delete. */
export default function AdminNavesPage() {
  const naves = useAdminNaves();
  const remove = useDeleteNave();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [renaming, setRenaming] = useState<NaveWithCount | null>(null);
  const [deleting, setDeleting] = useState<NaveWithCount | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setBanner({ variant: 'success', text: naveMessages.deleted });
      },
      // A nave with stations or records answers 409: the reason stays in the dialog.
      onError: (error) => setDeleteError(errorText(error, naveMessages.deleteFallback, naveScreenTexts.network)),
    });
  };

  return (
    <div style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-3">Naves</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      <AddNaveForm onResult={setBanner} />
      {naves.isPending ? (
        <Loading text={naveScreenTexts.loading} />
      ) : naves.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorText(naves.error, naveMessages.loadFallback, naveScreenTexts.network)}
        </div>
      ) : naves.data.length === 0 ? (
        <p className="text-muted">{naveMessages.empty}</p>
      ) : (
        <ListGroup>
          {naves.data.map((nave) => (
            <ListGroup.Item key={nave.id} className="d-flex flex-wrap align-items-center gap-2" data-testid="nave-item">
              <span className="fw-semibold me-auto">{nave.name}</span>
              <Badge bg="secondary" pill>
                {nave.arcos_count === 1 ? '1 arco sumergido' : `${nave.arcos_count} arcos sumergidos`}
              </Badge>
              <Button size="sm" variant="outline-primary" onClick={() => setRenaming(nave)}>
                Editar
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(nave);
                }}
              >
                Eliminar
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <RenameNaveModal
        nave={renaming}
        onHide={() => setRenaming(null)}
        onSaved={(text) => {
          setRenaming(null);
          setBanner({ variant: 'success', text });
        }}
      />
      <ConfirmModal
        show={deleting !== null}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p className="mb-1">{naveScreenTexts.confirmDelete}</p>
        {deleting && <p className="mb-0 fw-semibold">{deleting.name}</p>}
      </ConfirmModal>
    </div>
  );
}
