import { describe, expect, it } from 'vitest';
import { addMonths, DAY_FILTERS, dayFilterRange, factoryDate, factoryTime, factoryToday, mondayOf, zonedInstant } from '../src/time';

const TZ = 'Europe/Madrid';

describe('week and day-filter ranges in the factory zone', () => {
  // 2026-11-16 is a Monday, 2026-11-21 a Saturday, 2026-11-22 a Sunday.
  it.each([
    ['Monday', '2026-11-16'],
    ['Saturday', '2026-11-21'],
    ['Sunday', '2026-11-22'],
  ])('on a %s the current week runs Monday to Saturday of that week', (_day, today) => {
    expect(mondayOf(today)).toBe('2026-11-16');
    expect(dayFilterRange('currentWeek', today)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-21' });
  });

  it.each(['2026-11-16', '2026-11-21', '2026-11-22'])('from %s each weekday filter picks that day of the same week', (today) => {
    const days = DAY_FILTERS.filter((f) => f !== 'currentWeek').map((f) => dayFilterRange(f, today));
    expect(days).toEqual(
      ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'].map((d) => ({ startDate: d, endDate: d })),
    );
  });

  it('keeps weeks whole across a month end and a daylight-saving change', () => {
    // Sunday 2026-03-29 clocks go forward; that Sunday still closes the week of Monday the 23rd.
    expect(dayFilterRange('currentWeek', '2026-03-29')).toEqual({ startDate: '2026-03-23', endDate: '2026-03-28' });
    expect(dayFilterRange('saturday', '2026-10-26')).toEqual({ startDate: '2026-10-31', endDate: '2026-10-31' });
    expect(dayFilterRange('currentWeek', '2026-12-31')).toEqual({ startDate: '2026-12-28', endDate: '2027-01-02' });
  });

  it("takes today from the factory's clock, not UTC's", () => {
    // Sunday 23:30 UTC is already Monday in Madrid: the week filter moves on to the new week.
    const now = new Date('2026-11-22T23:30:00Z');
    expect(factoryToday(TZ, now)).toBe('2026-11-23');
    expect(dayFilterRange('currentWeek', factoryToday(TZ, now))).toEqual({ startDate: '2026-11-23', endDate: '2026-11-28' });
  });
});

describe('zonedInstant across the daylight-saving changes', () => {
  it('spring forward (last Sunday of March): 01:30 to 03:30 is one hour', () => {
    const start = zonedInstant('2026-03-29', '01:30', TZ);
    const end = zonedInstant('2026-03-29', '03:30', TZ);
    expect(start).toBe('2026-03-29T00:30:00.000Z');
    expect(end).toBe('2026-03-29T01:30:00.000Z');
    expect((Date.parse(end) - Date.parse(start)) / 60_000).toBe(60);
  });

  it('fall back (last Sunday of October): 01:30 to 03:30 is three hours', () => {
    const start = zonedInstant('2026-10-25', '01:30', TZ);
    const end = zonedInstant('2026-10-25', '03:30', TZ);
    expect(start).toBe('2026-10-24T23:30:00.000Z');
    expect(end).toBe('2026-10-25T02:30:00.000Z');
    expect((Date.parse(end) - Date.parse(start)) / 60_000).toBe(180);
  });

  it('pushes a time inside the spring gap forward and reads a repeated autumn time as its first occurrence', () => {
    expect(zonedInstant('2026-03-29', '02:30', TZ)).toBe('2026-03-29T01:30:00.000Z');
    expect(factoryTime(zonedInstant('2026-03-29', '02:30', TZ), TZ)).toBe('03:30');
    expect(zonedInstant('2026-10-25', '02:30', TZ)).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips ordinary winter and summer times', () => {
    expect(zonedInstant('2026-01-15', '08:05', TZ)).toBe('2026-01-15T07:05:00.000Z');
    expect(zonedInstant('2026-07-15', '08:05', TZ)).toBe('2026-07-15T06:05:00.000Z');
    expect(zonedInstant('2026-07-15', '08:05', 'UTC')).toBe('2026-07-15T08:05:00.000Z');
    for (const iso of ['2026-01-15T07:05:00.000Z', '2026-07-15T06:05:00.000Z', '2026-10-25T02:30:00.000Z']) {
      expect(zonedInstant(factoryDate(iso, TZ), factoryTime(iso, TZ), TZ)).toBe(iso);
    }
  });
});

describe('factoryDate near midnight', () => {
  it('uses the factory day in winter (UTC+1) and summer (UTC+2)', () => {
    expect(factoryDate('2026-11-20T22:59:59.999Z', TZ)).toBe('2026-11-20');
    expect(factoryDate('2026-11-20T23:00:00.000Z', TZ)).toBe('2026-11-21');
    expect(factoryDate('2026-07-20T21:59:59.999Z', TZ)).toBe('2026-07-20');
    expect(factoryDate('2026-07-20T22:00:00.000Z', TZ)).toBe('2026-07-21');
  });

  it('follows the zone it is given', () => {
    expect(factoryDate('2026-11-20T23:30:00.000Z', 'UTC')).toBe('2026-11-20');
    expect(factoryDate('2026-11-21T03:00:00.000Z', 'America/New_York')).toBe('2026-11-20');
  });
});

describe('years before 1000 keep four digits', () => {
  it('in dates and months, so Date.parse reads them back', () => {
    expect(factoryDate('0154-11-15T12:00:00Z', 'Europe/Madrid')).toBe('0154-11-15');
    expect(addMonths('0154-11', 1)).toBe('0154-12');
    expect(addMonths('0999-12', 1)).toBe('1000-01');
  });
});
