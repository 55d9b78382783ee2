import type { Handover, HandoverSummary } from '@portal/contract/handovers';
import { handoverMessages } from '@portal/contract/handovers-messages';
import type { ReactNode } from 'react';
import { formatDateTime, formatPlainDate, formatTime } from '@/lib/dates';

/** A handover as every screen shows it: shift, note, the figures and open paradas filled in, who wrote and who read it. */
export function HandoverCard({
  handover: h,
  tz,
  title,
  children,
}: {
  handover: Handover;
  tz: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <article className="card mb-3" aria-label={`${handoverMessages.title} ${h.arco_sumergido_name} ${h.shift_name}`}>
      <div className="card-body">
        <h2 className="h6 card-title">{title}</h2>
        <p className="small text-muted mb-2">
          {h.arco_sumergido_name} · {h.shift_name} {formatPlainDate(h.shift_date)} ({formatTime(h.shift_start, tz)}–
          {formatTime(h.shift_end, tz)})
        </p>
        <p className="mb-2" style={{ whiteSpace: 'pre-wrap' }}>
          {h.note}
        </p>
        <HandoverFigures summary={h.summary} tz={tz} />
        <p className="small mb-0">
          {handoverMessages.writtenBy} {h.author_name}, {formatDateTime(h.updated_at, tz)}.{' '}
          {h.confirmed_at ? (
            <span data-testid="handover-confirmed">
              {handoverMessages.confirmedBy} {h.confirmed_by_name}, {formatDateTime(h.confirmed_at, tz)}.
            </span>
          ) : (
            <span>{handoverMessages.pending}.</span>
          )}
        </p>
        {children}
      </div>
    </article>
  );
}

/** The shift's figures and the open paradas of a handover, or of one about to be written. */
export function HandoverFigures({ summary: s, tz }: { summary: HandoverSummary; tz: string }) {
  return (
    <>
      <h3 className="h6 mt-3">{handoverMessages.figures}</h3>
      <ul className="small mb-2">
        <li>
          {handoverMessages.stops}: {s.stops}
        </li>
        <li>
          {handoverMessages.stoppedMinutes}: {s.stopped_minutes}
        </li>
        <li>
          {handoverMessages.microStops}: {s.micro_stops}
        </li>
        <li>
          {handoverMessages.plannedMinutes}: {s.planned_minutes}
        </li>
      </ul>
      <h3 className="h6">{handoverMessages.openParadas}</h3>
      {s.open_paradas.length === 0 ? (
        <p className="small">{handoverMessages.noOpenParadas}</p>
      ) : (
        <ul className="small">
          {s.open_paradas.map((p) => (
            <li key={p.id}>
              {formatDateTime(p.start_time, tz)} · {p.user_name}
              {p.motivo_name ? ` · ${p.motivo_name}` : ''}
              {p.description ? ` · ${p.description}` : ''}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
