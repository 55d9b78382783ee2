/**
 * CSV as Spanish Excel opens it: UTF-8 with a byte-order mark, `;` between cells, CRLF line ends,
 * RFC 4180 quoting.
 */
export const BOM = '\uFEFF';
const SEPARATOR = ';';
const EOL = '\r\n';

/** What a cell may hold: text, a number, or nothing (an empty cell). */
export type Cell = string | number | null | undefined;

/**
 * One cell. Text that a spreadsheet would run as a formula (=, +, -, @, or a leading tab or CR) gets a
 * leading apostrophe (OWASP CSV injection); a cell holding the separator, a quote or a line break is
 * quoted with its quotes doubled.
 */
export function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A row's cells without its line end: rows that start alike (a stop's parts by shift) share them. */
export const cells = (values: readonly Cell[]): string => values.map(cell).join(SEPARATOR);

export const row = (values: readonly Cell[]): string => cells(values) + EOL;

/** A row that continues `stem` (the shared first cells) with `values`. */
export const rowAfter = (stem: string, values: readonly Cell[]): string => stem + SEPARATOR + row(values);

/** 'YYYY-MM-DD' as 'dd/MM/yyyy'. */
export const plainDate = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

// Offsets change only at quarter-hour boundaries in every zone, so one lookup per quarter hour serves
// a whole export of a million rows.
const QUARTER_HOUR = 15 * 60_000;

/** Formats instants as 'dd/MM/yyyy HH:mm' in a time zone, across daylight-saving changes. */
export function instantFormatter(tz: string): (instant: string | null) => string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_HOUR);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_HOUR;
      const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
      const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
      offset = wall - at;
      if (offsets.size > 100_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  return (instant) => {
    if (!instant) return '';
    const ms = Date.parse(instant);
    if (Number.isNaN(ms)) return '';
    const local = new Date(ms + offsetAt(ms));
    return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  };
}
