import type { ComponentType } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useStagesAfterFirstPaint } from '@/lib/after-first-paint';
import { useCurrentUser } from '@/lib/token';
import { ArcoParada } from '../components/arco-parada';
import { ParadaTimer } from '../components/parada-timer';
import { ParadasHistory } from '../components/paradas-history';
import { ParadasSinMotivo } from '../components/paradas-sin-motivo';
import { STOPS_TITLE } from '../components/stops-first-paint';
import { useParadaDialogs } from '../components/use-parada-dialogs';

/**
 * /dashboard/paradas-kaiser: the parada clock on the left, the history on the right (stacked on phones).
 * The clock and its Iniciar button first; after the first paint, in idle time, the andon card and the
 * paradas without a motivo, then the history, then the dialogs, each in a commit of its own (one
 * commit of all three was a task of about 430 ms under a 4x CPU throttle:
 * docs/decisions/105-first-screens-in-short-tasks.md), top to bottom, so nothing already painted
 * moves (they all come below the clock on a phone, in the other column on a wider screen). The andon card's text is painted before either, from index.html
 * (docs/decisions/069-stops-screen-from-the-html.md). The andon's cord comes from
 * app/paradas-kaiser-page.tsx (a feature never imports another).
 */
export default function ParadasKaiserPage({ AndonCord }: { AndonCord: ComponentType<{ arcoId: number | null }> }) {
  const user = useCurrentUser();
  const actions = useParadaDialogs();
  // 1: the andon card and the paradas without a motivo, 2: the history, 3: the dialogs.
  const stages = useStagesAfterFirstPaint(3);
  if (!user) return null;

  return (
    <div>
      <h1 className="h4 mb-3">{STOPS_TITLE}</h1>
      {actions.banner}
      <Row className="g-3">
        <Col xs={12} md={5} lg={4}>
          <ArcoParada userId={user.id} arcoId={user.arco_sumergido_id ?? null} tz={actions.tz} />
          <ParadaTimer userId={user.id} arcoId={user.arco_sumergido_id ?? null} />
          {stages >= 1 && (
            <>
              <AndonCord arcoId={user.arco_sumergido_id ?? null} />
              <ParadasSinMotivo arcoId={user.arco_sumergido_id ?? null} tz={actions.tz} />
            </>
          )}
        </Col>
        <Col xs={12} md={7} lg={8} onPointerOver={actions.prepare} onFocus={actions.prepare}>
          {stages >= 2 && <ParadasHistory user={user} tz={actions.tz} onEdit={actions.edit} onDelete={actions.remove} />}
        </Col>
      </Row>
      {stages >= 3 && actions.dialogs}
    </div>
  );
}
