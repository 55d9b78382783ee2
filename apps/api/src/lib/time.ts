/** Current instant as stored in the database (ISO 8601, UTC). */
export const nowIso = (): string => new Date().toISOString();

const digitsAt = (s: string, at: number, n: number): number => {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
};

/**
 * Epoch milliseconds of an instant as the database stores it (`YYYY-MM-DDTHH:mm:ss.sssZ`, what
 * `toISOString` writes), read from its digits; any other form through `Date.parse`. Three times
 * `Date.parse`'s speed, for reads that parse tens of thousands of instants per answer (the split of a
 * month's stops at the shifts, docs/decisions/054-shift-analysis-and-export-at-scale.md).
 */
export function instantMs(iso: string): number {
  if (
    iso.length !== 24 ||
    iso.charCodeAt(4) !== 45 || // -
    iso.charCodeAt(7) !== 45 ||
    iso.charCodeAt(10) !== 84 || // T
    iso.charCodeAt(13) !== 58 || // :
    iso.charCodeAt(16) !== 58 ||
    iso.charCodeAt(19) !== 46 || // .
    iso.charCodeAt(23) !== 90 // Z
  )
    return Date.parse(iso);
  const year = digitsAt(iso, 0, 4);
  const month = digitsAt(iso, 5, 2);
  const day = digitsAt(iso, 8, 2);
  const hour = digitsAt(iso, 11, 2);
  const minute = digitsAt(iso, 14, 2);
  const second = digitsAt(iso, 17, 2);
  const ms = digitsAt(iso, 20, 3);
  if (
    (year | month | day | hour | minute | second | ms) < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return Date.parse(iso);
  // Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse: eras of 400 years
  // starting in March, so the leap day ends a year).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146_097 + dayOfEra - 719_468;
  return days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + ms;
}
