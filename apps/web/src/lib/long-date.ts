import { format } from 'date-fns';
import { es } from 'date-fns/locale';

/** A plain 'YYYY-MM-DD' as 'sábado, 21 de noviembre de 2026'. */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y, m - 1, d), "EEEE, d 'de' MMMM 'de' yyyy", { locale: es });
}
