import type { EventPayloads } from '@portal/contract/events';
import { type PlantaNave, plantaMessages } from '@portal/contract/planta';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { formatTime } from '@/lib/dates';
import { useFactoryTz } from '@/lib/factory';
import { useEventStream } from '@/lib/use-event-stream';
import { plantaKey, usePlanta } from '../api/get-planta';
import { type AndonLineView, ArcoCard } from '../components/arco-card';
import { LiveBadge } from '../components/live-badge';

/** 'Estado de planta' (/admin/planta): every arco by nave, live from the parada events. */
export default function PlantaPage({ AndonLine }: { AndonLine: AndonLineView }) {
  const tz = useFactoryTz();
  const planta = usePlanta();
  const queryClient = useQueryClient();
  // Any parada event may change a card and today's minutes: the board is small, so it is simply reloaded.
  const refetch = () => void queryClient.invalidateQueries({ queryKey: plantaKey });
  // A machine's report (at most one per arco every 30 s) only moves its 'Último informe': set in place.
  const reported = ({ arco_sumergido_id, last_report_at }: EventPayloads['machine.report']) =>
    queryClient.setQueryData<PlantaNave[]>(plantaKey, (naves) =>
      naves?.map((nave) => ({
        ...nave,
        arcos: nave.arcos.map((arco) =>
          arco.id === arco_sumergido_id && arco.signal && (arco.signal.last_report_at ?? '') < last_report_at
            ? { ...arco, signal: { ...arco.signal, last_report_at, silent: false } }
            : arco,
        ),
      })),
    );
  // Weld telemetry's latest sample (at most one a second per arco) sets the arco's arc in place; a pass
  // the board has not seen yet (just started) is named by one reload (docs/decisions/090-arc-on-board-and-timeline.md).
  const askedRuns = useRef(new Set<number>());
  const welded = (live: EventPayloads['weld.live']) => {
    let unknownRun = false;
    queryClient.setQueryData<PlantaNave[]>(plantaKey, (naves) =>
      naves?.map((nave) => ({
        ...nave,
        arcos: nave.arcos.map((arco) => {
          if (arco.id !== live.arco_sumergido_id || (arco.weld && arco.weld.at > live.at)) return arco;
          const known = arco.weld?.run?.id === live.run_id ? arco.weld.run : null;
          if (live.run_id !== null && !known && !askedRuns.current.has(live.run_id)) {
            askedRuns.current.add(live.run_id);
            unknownRun = true;
          }
          const { arc, at, current, voltage, speed } = live;
          return { ...arco, weld: { arc, at, current, voltage, speed, run: known } };
        }),
      })),
    );
    if (unknownRun) refetch();
  };
  const status = useEventStream({
    'parada.started': refetch,
    'parada.ended': refetch,
    'parada.changed': refetch,
    'machine.report': reported,
    'weld.live': welded,
    // A call, its answers and its end change the arco's level and who is coming.
    'andon.called': refetch,
    'andon.changed': refetch,
    reconnected: refetch,
  });

  const naves = planta.data ?? [];
  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0">{plantaMessages.title}</h1>
        <LiveBadge status={status} />
      </div>
      {planta.isError && (
        // After a failed reload the last board stays visible under the message.
        <Feedback>{errorText(planta.error, plantaMessages.loadFallback, plantaMessages.loadFallback)}</Feedback>
      )}
      {planta.isPending ? (
        <Loading text={plantaMessages.loading} />
      ) : planta.isSuccess || naves.length > 0 ? (
        naves.every((n) => n.arcos.length === 0) ? (
          <p className="text-muted">{plantaMessages.empty}</p>
        ) : (
          naves
            .filter((n) => n.arcos.length > 0)
            .map((nave, i) => (
              <section key={nave.nave} className="mb-4" aria-labelledby={`planta-nave-${i}`}>
                <h2 id={`planta-nave-${i}`} className="h5 mb-1">
                  {nave.nave}
                </h2>
                {nave.shift !== undefined && (
                  <p className="small text-body-secondary mb-2" data-testid="planta-shift">
                    {nave.shift
                      ? plantaMessages.shiftNow(nave.shift.name, formatTime(nave.shift.start, tz), formatTime(nave.shift.end, tz))
                      : plantaMessages.noShift}
                  </p>
                )}
                <Row xs={1} sm={2} lg={3} xxl={4} className="g-3">
                  {nave.arcos.map((arco) => (
                    <Col key={arco.id}>
                      <ArcoCard arco={arco} tz={tz} AndonLine={AndonLine} />
                    </Col>
                  ))}
                </Row>
              </section>
            ))
        )
      ) : null}
    </div>
  );
}
