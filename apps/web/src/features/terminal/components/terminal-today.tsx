import { minutesText } from '@portal/contract/format';
import { motivoMessages } from '@portal/contract/motivos-messages';
import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { terminalScreenMessages as t } from '@portal/contract/terminal-screen-messages';
import { formatTime } from '@/lib/dates';
import { TerminalListCard } from './terminal-list-card';

/** Today's paradas of the arco on the terminal (newest first): when, how long, who, the motivo. */
export function TerminalToday({ paradas, tz }: { paradas: readonly Parada[]; tz: string }) {
  return (
    <TerminalListCard id="terminal-today" title={t.todayParadas} empty={t.noParadasToday} items={paradas}>
      {(p) => (
        <li key={p.id} className="py-2 border-bottom">
          <span className="fw-semibold">
            {formatTime(p.start_time, tz)}–{p.end_time ? formatTime(p.end_time, tz) : t.running}
          </span>
          {p.duration_minutes !== null && ` · ${minutesText(p.duration_minutes)}`} · {p.user_name} · {p.motivo_name || motivoMessages.none}
          {/* A colleague at the arco may end it: the list says who did. */}
          {p.ended_by_name && p.ended_by !== p.user_id && ` · ${paradaMessages.endedByLabel} ${p.ended_by_name}`}
        </li>
      )}
    </TerminalListCard>
  );
}
