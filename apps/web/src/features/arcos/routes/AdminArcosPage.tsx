import { type Arco, arcoMessages, arcoScreenTexts } from '@portal/contract/arcos';
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Banner, type BannerMessage } from '@/components/Banner';
import { CardActions } from '@/components/CardActions';
import { ConfirmModal } from '@/components/ConfirmModal';
import { Loading } from '@/components/Loading';
import { errorText } from '@/lib/api';
import { useNaves } from '@/lib/catalog';
import { useDeleteArco } from '../api/delete-arco';
import { useAdminArcos } from '../api/get-admin-arcos';

import { AddArcoForm } from '../components/AddArcoForm';
import { EditArcoModal } from '../components/EditArcoModal';

/** Admin 'Arcos Sumergidos': card grid, inline add form, edit and delete modals. */
export default function AdminArcosPage() {
  const arcos = useAdminArcos();
  const naves = useNaves();
  const remove = useDeleteArco();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const [editing, setEditing] = useState<Arco | null>(null);
  const [deleting, setDeleting] = useState<Arco | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setBanner({ variant: 'success', text: arcoMessages.deleted });
      },
      onError: (error) => setDeleteError(errorText(error, arcoMessages.deleteFallback, arcoScreenTexts.network)),
    });
  };

  return (
    <div>
      <h1 className="h4 mb-3">Arcos Sumergidos</h1>
      <Banner message={banner} onClose={() => setBanner(null)} />
      <AddArcoForm naves={naves.data ?? []} onResult={setBanner} />
      {arcos.isPending ? (
        <Loading text={arcoMessages.loading} />
      ) : arcos.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorText(arcos.error, arcoMessages.loadFallback, arcoScreenTexts.network)}
        </div>
      ) : arcos.data.length === 0 ? (
        <p className="text-muted">{arcoMessages.empty}</p>
      ) : (
        <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
          {arcos.data.map((arco) => (
            <Col key={arco.id}>
              <Card className="h-100" data-testid="arco-card">
                <Card.Body>
                  <Card.Title className="h6">{arco.name}</Card.Title>
                  <Card.Text className="text-muted small">{arco.nave}</Card.Text>
                </Card.Body>
                <CardActions
                  onEdit={() => setEditing(arco)}
                  onDelete={() => {
                    setDeleteError(null);
                    setDeleting(arco);
                  }}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <EditArcoModal
        arco={editing}
        naves={naves.data ?? []}
        onHide={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
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
        <p className="mb-1">{arcoScreenTexts.confirmDelete}</p>
        {deleting && (
          <p className="mb-0 fw-semibold">
            {deleting.name} ({deleting.nave})
          </p>
        )}
      </ConfirmModal>
    </div>
  );
}
