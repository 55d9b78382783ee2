import { minutesText } from '@portal/contract/format';
import { motivoMessages } from '@portal/contract/motivos-messages';
import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { paradaScreenTexts } from '@portal/contract/paradas-screen-messages';
import Card from 'react-bootstrap/Card';
import { CardActions } from '@/components/card-actions';
import { PendingBadge } from '@/components/pending-badge';
import { formatPlainDate, formatTime } from '@/lib/dates';
import { paradaEndText } from './parada-end';

/** One parada with every field, each with its fallback text when empty. */
export function ParadaCard({
  parada,
  tz,
  showUser = false,
  pending = false,
  onEdit,
  onDelete,
}: {
  parada: Parada;
  tz: string;
  showUser?: boolean;
  /** Its start or end waits in the offline queue: marked so, and not editable until sent. */
  pending?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const rows: [string, string][] = [
    ...(showUser ? ([[paradaScreenTexts.workerLabel, parada.user_name]] as [string, string][]) : []),
    [paradaMessages.dateLabel, formatPlainDate(parada.date)],
    [paradaScreenTexts.arcoLabel, parada.arco_sumergido_name || paradaMessages.noArcoName],
    [paradaScreenTexts.startLabel, formatTime(parada.start_time, tz)],
    [paradaScreenTexts.endLabel, paradaEndText(parada, tz)],
    [paradaScreenTexts.durationLabel, parada.duration_minutes === null ? paradaMessages.noDuration : minutesText(parada.duration_minutes)],
    [paradaScreenTexts.descriptionLabel, parada.description || paradaMessages.noDescription],
    [motivoMessages.label, parada.motivo_name || motivoMessages.none],
    // A colleague at the arco may end it: the card says who did.
    ...(parada.ended_by_name && parada.ended_by !== parada.user_id
      ? ([[paradaMessages.endedByLabel, parada.ended_by_name]] as [string, string][])
      : []),
  ];
  return (
    <Card className={pending ? 'h-100 border-warning' : 'h-100'} data-testid={pending ? 'pending-parada' : 'parada-card'}>
      <Card.Body className="py-2">
        {pending && (
          <p className="mb-1">
            <PendingBadge />
          </p>
        )}
        <dl className="mb-0 small">
          {rows.map(([label, value]) => (
            <div key={label} className="d-flex gap-2">
              <dt className="fw-semibold">{label}:</dt>
              <dd className="mb-1 text-break">{value}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
      {!pending && <CardActions onEdit={onEdit} onDelete={onDelete} />}
    </Card>
  );
}
