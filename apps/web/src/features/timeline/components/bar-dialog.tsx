import { timelineMessages } from '@portal/contract/timeline';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { RecordHistory } from '@/components/record-history';
import { errorText } from '@/lib/api';
import { formatDateTime } from '@/lib/dates';
import { useTimelineParada } from '../api/get-timeline-parada';
import type { OpenBar } from './timeline-chart';

/** A parada's bar opened: its arco, times, motivo, author and description; for admins its history. */
export function BarDialog({ open, tz, admin, onHide }: { open: OpenBar | null; tz: string; admin: boolean; onHide: () => void }) {
  const parada = useTimelineParada(open?.paradaId ?? null);
  const p = parada.data;
  const kind = p ? (p.micro_stop ? timelineMessages.kinds.micro : timelineMessages.kinds.stopped) : '';
  return (
    <Modal show={open !== null} onHide={onHide} centered aria-labelledby="timeline-bar-title">
      <Modal.Header closeButton closeLabel={timelineMessages.close}>
        <Modal.Title id="timeline-bar-title">
          {timelineMessages.detail} #{open?.paradaId}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {parada.isError && <Feedback>{errorText(parada.error, timelineMessages.loadFallback, timelineMessages.loadFallback)}</Feedback>}
        {parada.isPending && <Loading text={timelineMessages.loading} />}
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
