import { type Parada, paradaMessages } from '@portal/contract/paradas';
import { useCallback, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Banner, type BannerMessage } from '@/components/Banner';
import { ExportCsvForm } from '@/components/ExportCsvForm';
import { Loading } from '@/components/Loading';
import { errorText } from '@/lib/api';
import { useFactoryTz } from '@/lib/factory';
import { useExportParadas } from '../api/export-paradas';
import { useParadas } from '../api/get-paradas';
import { DeleteParadaModal } from '../components/DeleteParadaModal';
import { EditParadaModal } from '../components/EditParadaModal';
import { ParadaCard } from '../components/ParadaCard';

/** Admin 'Paradas Kaiser': every user's stops (the newest 200) with edit and delete. */
export default function AdminParadasPage() {
  const tz = useFactoryTz();
  const paradas = useParadas({});
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  // Stable, so the 3 s auto-hide timer is not restarted by every render (the clock ticks each second).
  const closeBanner = useCallback(() => setBanner(null), []);
  const [editing, setEditing] = useState<Parada | null>(null);
  const [deleting, setDeleting] = useState<Parada | null>(null);
  const exporting = useExportParadas();

  return (
    <div>
      <h1 className="h4 mb-3">Paradas Kaiser</h1>
      <ExportCsvForm onExport={exporting.mutateAsync} busy={exporting.isPending} />
      <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
      {paradas.isPending ? (
        <Loading text={paradaMessages.loading} />
      ) : paradas.isError ? (
        <div className="alert alert-danger" role="alert">
          {errorText(paradas.error, paradaMessages.adminLoadFallback, paradaMessages.adminLoadNetwork)}
        </div>
      ) : paradas.data.length === 0 ? (
        <p className="text-muted">{paradaMessages.adminEmpty}</p>
      ) : (
        <Row xs={1} sm={2} lg={3} xl={4} className="g-3">
          {paradas.data.map((p) => (
            <Col key={p.id}>
              <ParadaCard parada={p} tz={tz} showUser onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
            </Col>
          ))}
        </Row>
      )}
      <EditParadaModal
        parada={editing}
        onHide={() => setEditing(null)}
        onSaved={(text) => {
          setEditing(null);
          setBanner({ variant: 'success', text });
        }}
      />
      <DeleteParadaModal
        parada={deleting}
        tz={tz}
        onHide={() => setDeleting(null)}
        onDeleted={(text) => {
          setDeleting(null);
          setBanner({ variant: 'success', text });
        }}
      />
    </div>
  );
}
