import { factoryDate, factoryTime } from '@portal/contract/time';

// Digits only, written with the contract's zone helpers: date-fns' format() and its Spanish locale
// (about 140 modules) brought into the wall's first paint for no text of theirs. Formats with names
// of days and months are in @portal/contract/format.

/** '21/11/2026 18:56' in the factory's zone. */
export function formatDateTime(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  return `${formatPlainDate(factoryDate(iso, tz))} ${factoryTime(iso, tz)}`;
}

/** '18:56' in the factory's zone. */
export function formatTime(iso: string | null | undefined, tz: string): string {
  if (!iso) return '';
  return factoryTime(iso, tz);
}

/** A plain 'YYYY-MM-DD' as '21/11/2026'. */
export function formatPlainDate(date: string | null | undefined): string {
  if (!date) return '';
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
