import type { ComponentType } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { useCurrentUser } from '@/lib/token';
import { ArcoParada } from '../components/arco-parada';
import { ParadaTimer } from '../components/parada-timer';
import { ParadasHistory } from '../components/paradas-history';
import { ParadasSinMotivo } from '../components/paradas-sin-motivo';
import { STOPS_TITLE } from '../components/stops-first-paint';
import { useParadaDialogs } from '../components/use-parada-dialogs';

/**
 * /dashboard/paradas-kaiser: the parada clock on the left, the history on the right (stacked on phones).
 * The clock and its Iniciar button first; the andon card, the paradas without a motivo, the history
 * and the dialogs after the first paint, in idle time and in one commit, so each is a shorter task
 * and nothing already painted moves (they all come below the clock on a phone, in the other column on
 * a wider screen). The andon card's text is painted before either, from index.html
 * (docs/decisions/069-stops-screen-from-the-html.md). The andon's cord comes from
 * app/paradas-kaiser-page.tsx (a feature never imports another).
 */
export default function ParadasKaiserPage({ AndonCord }: { AndonCord: ComponentType<{ arcoId: number | null }> }) {
  const user = useCurrentUser();
  const actions = useParadaDialogs();
  const painted = useAfterFirstPaint();
  if (!user) return null;

  return (
    <div>
      <h1 className="h4 mb-3">{STOPS_TITLE}</h1>
      {actions.banner}
      <Row className="g-3">
        <Col xs={12} md={5} lg={4}>
          <ArcoParada userId={user.id} arcoId={user.arco_sumergido_id ?? null} tz={actions.tz} />
          <ParadaTimer userId={user.id} arcoId={user.arco_sumergido_id ?? null} />
          {painted && (
            <>
              <AndonCord arcoId={user.arco_sumergido_id ?? null} />
              <ParadasSinMotivo arcoId={user.arco_sumergido_id ?? null} tz={actions.tz} />
            </>
          )}
        </Col>
        <Col xs={12} md={7} lg={8} onPointerOver={actions.prepare} onFocus={actions.prepare}>
          {painted && <ParadasHistory user={user} tz={actions.tz} onEdit={actions.edit} onDelete={actions.remove} />}
        </Col>
      </Row>
      {painted && actions.dialogs}
    </div>
  );
}
