import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './dates';

describe('formatDateTime and formatTime', () => {
  it('match date-fns in the factory zone, across daylight-saving changes and midnights', () => {
    // Every 37 minutes through 2026's two Madrid transitions and a year end, in three zones.
    const starts = [Date.UTC(2026, 2, 28), Date.UTC(2026, 9, 24), Date.UTC(2026, 11, 31, 12)];
    let checked = 0;
    for (const tz of ['Europe/Madrid', 'America/Mexico_City', 'UTC']) {
      for (const start of starts) {
        for (let t = start; t < start + 2 * 86_400_000; t += 37 * 60_000) {
          const iso = new Date(t).toISOString();
          const zoned = new TZDate(t, tz);
          expect(formatDateTime(iso, tz), `${iso} ${tz}`).toBe(format(zoned, 'dd/MM/yyyy HH:mm'));
          expect(formatTime(iso, tz), `${iso} ${tz}`).toBe(format(zoned, 'HH:mm'));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(600);
  });

  it('shows the spring and autumn changes in Madrid as the wall clock did', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z', 'Europe/Madrid')).toBe('29/03/2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z', 'Europe/Madrid')).toBe('29/03/2026 03:00');
    expect(formatDateTime('2026-10-25T00:30:00Z', 'Europe/Madrid')).toBe('25/10/2026 02:30');
    expect(formatDateTime('2026-10-25T01:30:00Z', 'Europe/Madrid')).toBe('25/10/2026 02:30');
    expect(formatDateTime('2026-12-31T23:30:00Z', 'Europe/Madrid')).toBe('01/01/2027 00:30');
    expect(formatDateTime(null, 'Europe/Madrid')).toBe('');
    expect(formatTime(undefined, 'Europe/Madrid')).toBe('');
  });
});
