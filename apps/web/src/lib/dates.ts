import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';

/** '21/11/2026 18:56' in the factory's zone. */
export function formatDateTime(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  return format(new TZDate(new Date(iso).getTime(), tz), 'dd/MM/yyyy HH:mm', { locale: es });
}

/** '18:56' in the factory's zone. */
export function formatTime(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  return format(new TZDate(new Date(iso).getTime(), tz), 'HH:mm', { locale: es });
}

/** A plain 'YYYY-MM-DD' as '21/11/2026'. */
export function formatPlainDate(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** A plain 'YYYY-MM-DD' as 'sábado, 21 de noviembre de 2026'. */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y, m - 1, d), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}
