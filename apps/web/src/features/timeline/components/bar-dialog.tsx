import { timelineMessages } from '@portal/contract/timeline';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { RecordHistory } from '@/components/record-history';
import { formatDateTime } from '@/lib/dates';
import type { OpenBar } from './timeline-chart';

/** A parada's bar opened: its arco, kind, times, motivo, author and description; for admins its history. */
export function BarDialog({ open, tz, admin, onHide }: { open: OpenBar | null; tz: string; admin: boolean; onHide: () => void }) {
  const bar = open?.bar;
  return (
    <Modal show={open !== null} onHide={onHide} centered aria-labelledby="timeline-bar-title">
      <Modal.Header closeButton closeLabel={timelineMessages.close}>
        <Modal.Title id="timeline-bar-title">
          {timelineMessages.detail}
          {bar?.parada_id ? ` #${bar.parada_id}` : ''}
        </Modal.Title>
      </Modal.Header>
      {open && bar && (
        <Modal.Body>
          <dl className="row mb-0">
            <dt className="col-5">Arco sumergido</dt>
            <dd className="col-7">{open.arco}</dd>
            <dt className="col-5">{timelineMessages.bar}</dt>
            <dd className="col-7">
              {timelineMessages.kinds[bar.kind]}
              {bar.open ? ` (${timelineMessages.open})` : ''}
            </dd>
            <dt className="col-5">{timelineMessages.from}</dt>
            <dd className="col-7">{formatDateTime(bar.start, tz)}</dd>
            <dt className="col-5">{timelineMessages.to}</dt>
            <dd className="col-7">{bar.open ? timelineMessages.open : formatDateTime(bar.end, tz)}</dd>
            <dt className="col-5">{timelineMessages.motivo}</dt>
            <dd className="col-7">{bar.motivo_name ?? timelineMessages.noMotivo}</dd>
            <dt className="col-5">{timelineMessages.by}</dt>
            <dd className="col-7">{bar.user_name}</dd>
            {bar.description && (
              <>
                <dt className="col-5">{timelineMessages.description}</dt>
                <dd className="col-7">{bar.description}</dd>
              </>
            )}
          </dl>
          {admin && bar.parada_id !== null && <RecordHistory entity="parada" id={bar.parada_id} />}
        </Modal.Body>
      )}
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {timelineMessages.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
