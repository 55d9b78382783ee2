import { type TimelineArc, timelineMessages } from '@portal/contract/timeline';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { RecordHistory } from '@/components/record-history';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useTimelineArc } from '../api/get-timeline-arc';
import { useTimelineParada } from '../api/get-timeline-parada';
import { arcDuration, type OpenBar } from './timeline-chart';

/** An arc-on stretch opened: its arco, times and the arc time it holds (docs/decisions/090-arc-on-board-and-timeline.md). */
function ArcDetail({ arco, arcoId, arc, tz }: { arco: string; arcoId: number; arc: TimelineArc; tz: string }) {
  const [start, end] = arc;
  const time = useTimelineArc(arcoId, arc);
  return (
    <dl className="row mb-0" data-testid="timeline-arc-detail">
      <dt className="col-5">{timelineMessages.arcoLabel}</dt>
      <dd className="col-7">{arco}</dd>
      <dt className="col-5">{timelineMessages.from}</dt>
      <dd className="col-7">{formatDateTime(new Date(start).toISOString(), tz)}</dd>
      <dt className="col-5">{timelineMessages.to}</dt>
      <dd className="col-7">{formatDateTime(new Date(end).toISOString(), tz)}</dd>
      <dt className="col-5">{timelineMessages.arcTime}</dt>
      <dd className="col-7" data-testid="timeline-arc-time">
        {time.data
          ? arcDuration(time.data.arc_ms)
          : time.isError
            ? errorText(time.error, timelineMessages.loadFallback, timelineMessages.loadFallback)
            : '…'}
      </dd>
    </dl>
  );
}

/**
 * A bar opened: a parada's (its arco, times, motivo, author and description; for admins its history),
 * or an arc-on stretch's (its times and arc time).
 */
export function BarDialog({ open, tz, admin, onHide }: { open: OpenBar | null; tz: string; admin: boolean; onHide: () => void }) {
  const parada = useTimelineParada(open?.paradaId ?? null);
  const p = parada.data;
  const kind = p ? (p.micro_stop ? timelineMessages.kinds.micro : timelineMessages.kinds.stopped) : '';
  return (
    <Modal show={open !== null} onHide={onHide} centered aria-labelledby="timeline-bar-title">
      <Modal.Header closeButton closeLabel={timelineMessages.close}>
        <Modal.Title id="timeline-bar-title">
          {open?.arc ? timelineMessages.arcOn : `${timelineMessages.detail} #${open?.paradaId}`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {open?.arc && <ArcDetail arco={open.arco} arcoId={open.arcoId} arc={open.arc} tz={tz} />}
        {parada.isError && <Feedback>{errorText(parada.error, timelineMessages.loadFallback, timelineMessages.loadFallback)}</Feedback>}
        {parada.isPending && !open?.arc && <Loading text={timelineMessages.loading} />}
        {p && (
          <>
            <dl className="row mb-0">
              <dt className="col-5">{timelineMessages.arcoLabel}</dt>
              <dd className="col-7">{p.arco_sumergido_name ?? open?.arco}</dd>
              <dt className="col-5">{timelineMessages.bar}</dt>
              <dd className="col-7">
                {kind}
                {p.end_time === null ? ` (${timelineMessages.open})` : ''}
              </dd>
              <dt className="col-5">{timelineMessages.from}</dt>
              <dd className="col-7">{formatDateTime(p.start_time, tz)}</dd>
              <dt className="col-5">{timelineMessages.to}</dt>
              <dd className="col-7">{p.end_time === null ? timelineMessages.open : formatDateTime(p.end_time, tz)}</dd>
              <dt className="col-5">{timelineMessages.motivo}</dt>
              <dd className="col-7">{p.motivo_name ?? timelineMessages.noMotivo}</dd>
              <dt className="col-5">{timelineMessages.by}</dt>
              <dd className="col-7">{p.user_name}</dd>
              {p.description && (
                <>
                  <dt className="col-5">{timelineMessages.description}</dt>
                  <dd className="col-7">{p.description}</dd>
                </>
              )}
            </dl>
            {admin && <RecordHistory entity="parada" id={p.id} />}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {timelineMessages.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
