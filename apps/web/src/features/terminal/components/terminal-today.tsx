import { minutesText } from '@portal/contract/format';
import { motivoMessages } from '@portal/contract/motivos-messages';
import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { formatTime } from '@/lib/dates';

/** Today's paradas of the arco on the terminal (newest first): when, how long, who, the motivo. */
export function TerminalToday({ paradas, tz }: { paradas: readonly Parada[]; tz: string }) {
  return (
    <section className="card mb-3" aria-labelledby="terminal-today">
      <div className="card-body">
        <h2 id="terminal-today" className="h4">
          {t.todayParadas}
        </h2>
        {paradas.length === 0 ? (
          <p className="mb-0">{t.noParadasToday}</p>
        ) : (
          <ul className="list-unstyled mb-0 terminal-list" data-testid="terminal-today">
            {paradas.map((p) => (
              <li key={p.id} className="py-2 border-bottom">
                <span className="fw-semibold">
                  {formatTime(p.start_time, tz)}–{p.end_time ? formatTime(p.end_time, tz) : t.running}
                </span>
                {p.duration_minutes !== null && ` · ${minutesText(p.duration_minutes)}`} · {p.user_name} ·{' '}
                {p.motivo_name || motivoMessages.none}
                {/* A colleague at the arco may end it: the list says who did. */}
                {p.ended_by_name && p.ended_by !== p.user_id && ` · ${paradaMessages.endedByLabel} ${p.ended_by_name}`}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
