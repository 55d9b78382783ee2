import type { Parada } from '@portal/contract/paradas';
import { useCallback, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Banner, type BannerMessage } from '@/components/Banner';
import { useFactoryTz } from '@/lib/factory';
import { useCurrentUser } from '@/lib/token';
import { DeleteParadaModal } from '../components/DeleteParadaModal';
import { EditParadaModal } from '../components/EditParadaModal';
import { ParadasHistory } from '../components/ParadasHistory';
import { StopTimer } from '../components/StopTimer';

/** /dashboard/paradas-kaiser: the stop clock on the left, the history on the right (stacked on phones). */
export default function ParadasKaiserPage() {
  const user = useCurrentUser();
  const tz = useFactoryTz();
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  // Stable, so the 3 s auto-hide timer is not restarted by every render (the clock ticks each second).
  const closeBanner = useCallback(() => setBanner(null), []);
  const [editing, setEditing] = useState<Parada | null>(null);
  const [deleting, setDeleting] = useState<Parada | null>(null);
  if (!user) return null;

  return (
    <div>
      <h1 className="h4 mb-3">Paradas Kaiser</h1>
      <Banner message={banner} onClose={closeBanner} autoHideMs={3000} />
      <Row className="g-3">
        <Col xs={12} md={5} lg={4}>
          <StopTimer userId={user.id} arcoId={user.arco_sumergido_id ?? null} />
        </Col>
        <Col xs={12} md={7} lg={8}>
          <ParadasHistory tz={tz} onEdit={setEditing} onDelete={setDeleting} />
        </Col>
      </Row>
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
