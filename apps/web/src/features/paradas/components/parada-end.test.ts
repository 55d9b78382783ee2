import { describe, expect, it } from 'vitest';
import { paradaEndText } from './parada-end';

const tz = 'Europe/Madrid';

describe('a parada end in the lists and cards', () => {
  it('marks an end on the next factory day, not one on the same day', () => {
    expect(paradaEndText({ start_time: '2026-01-20T21:00:00.000Z', end_time: '2026-01-21T05:00:00.000Z' }, tz)).toBe(
      '06:00 (día siguiente)',
    );
    expect(paradaEndText({ start_time: '2026-01-20T06:00:00.000Z', end_time: '2026-01-20T22:30:00.000Z' }, tz)).toBe('23:30');
  });

  it('counts days in the factory zone, not in UTC', () => {
    // 23:30 to 00:30 in Madrid is the same UTC day (22:30 to 23:30 UTC) but the next factory day.
    expect(paradaEndText({ start_time: '2026-01-20T22:30:00.000Z', end_time: '2026-01-20T23:30:00.000Z' }, tz)).toBe(
      '00:30 (día siguiente)',
    );
  });

  it('reads Activa while it runs', () => {
    expect(paradaEndText({ start_time: '2026-01-20T06:00:00.000Z', end_time: null }, tz)).toBe('Activa');
  });
});
