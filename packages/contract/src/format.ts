/**
 * Spanish counts and dates, written out rather than through Intl or date-fns: the same text on the
 * server, in every browser and in the tests, and nothing added to the first screen's JavaScript.
 */

/** What an empty date field shows: the date as a Spaniard writes it. */
export const DATE_PLACEHOLDER = 'dd/mm/aaaa';

const DAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const;
export const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** The word for `n`: 'minuto' for 1, 'minutos' otherwise (0 too, as Spanish says '0 minutos'). */
export function pluralWord(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** '1 minuto', '5 minutos', '0 paradas'. */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${pluralWord(n, one, many)}`;
}

/** '1 minuto' / '12 minutos'. */
export const minutesText = (n: number) => countOf(n, 'minuto', 'minutos');

const parts = (date: string) => date.slice(0, 10).split('-').map(Number) as [number, number, number];

/** A plain 'YYYY-MM-DD' as 'lunes, 23 de noviembre de 2026'. */
export function longDate(date: string): string {
  const [y, m, d] = parts(date);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${DAYS[weekday]}, ${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** A 'YYYY-MM' (or a date in it) as 'noviembre de 2026'. */
export function monthName(month: string): string {
  const [y, m] = parts(month);
  return `${MONTHS[m - 1]} de ${y}`;
}

const SHORT_MONTHS = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'] as const;

/** A 'YYYY-MM' as a chart axis label, with the RAE's abbreviations: 'nov. 2026', 'sept. 2026'. */
export function shortMonthName(month: string): string {
  const [y, m] = parts(month);
  return `${SHORT_MONTHS[m - 1]} ${y}`;
}

/** A percentage with one decimal and a Spanish decimal comma: 98.4 → '98,4 %', 100 → '100 %'. */
export function percentText(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${String(rounded).replace('.', ',')} %`;
}

/** A sentence's first letter in capitals: 'Lunes, 23 de noviembre de 2026' at the start of a line. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
