import type { Parada } from '@portal/contract/paradas';
import { paradaMessages } from '@portal/contract/paradas-messages';
import { factoryDate } from '@portal/contract/time';
import { formatTime } from '@/lib/dates';

/**
 * A parada's end as the lists and cards show it: '06:00 (día siguiente)' when it ends on a later
 * factory day than it started (a night shift), 'Activa' while it runs.
 */
export function paradaEndText(p: Pick<Parada, 'start_time' | 'end_time'>, tz: string): string {
  if (!p.end_time) return paradaMessages.active;
  const time = formatTime(p.end_time, tz);
  return factoryDate(p.end_time, tz) > factoryDate(p.start_time, tz) ? `${time} (${paradaMessages.nextDay})` : time;
}
