import { shiftInstants } from '@portal/contract/paradas';
import { describe, expect, it } from 'vitest';
import { pgUnavailable, useSeed, useTestApp } from './helper';

const MANUAL = '/api/paradas-kaiser/manual';
const TZ = 'Europe/Madrid';

/** Stops entered afterwards on a night shift: a date, an end on the next day, at most a day long. */
describe.skipIf(pgUnavailable)('night-shift paradas', () => {
  const t = useTestApp();
  const fresh = useSeed(t, { arcos: { station: 'Arco Noche' }, workers: { w: ['station'] } }, { each: true });

  const night = (date: string, start: string, end: string) => {
    const { start_time, end_time } = shiftInstants(date, start, end, TZ);
    return t.send(fresh.w.token, 'POST', MANUAL, { start_time, end_time, description: 'Turno de noche' });
  };

  it('records 22:00 to 06:00 as 480 minutes dated the first day', async () => {
    expect(shiftInstants('2026-11-10', '22:00', '06:00', TZ).nextDay).toBe(true);
    const res = await night('2026-11-10', '22:00', '06:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().parada).toMatchObject({
      date: '2026-11-10',
      start_time: '2026-11-10T21:00:00.000Z',
      end_time: '2026-11-11T05:00:00.000Z',
      duration_minutes: 480,
    });
    // Listed on the first day, not the second.
    const first = await t.send(fresh.w.token, 'GET', '/api/paradas-kaiser?startDate=2026-11-10&endDate=2026-11-10');
    expect(first.json().map((p: { id: number }) => p.id)).toEqual([res.json().parada.id]);
  });

  it('gives 420 minutes on the night the clocks go forward (last Sunday of March)', async () => {
    const res = await night('2026-03-28', '22:00', '06:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().parada).toMatchObject({ date: '2026-03-28', duration_minutes: 420 });
  });

  it('gives 540 minutes on the night the clocks go back (last Sunday of October)', async () => {
    const res = await night('2026-10-24', '22:00', '06:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().parada).toMatchObject({ date: '2026-10-24', duration_minutes: 540 });
  });

  it('keeps a same-day stop on the same day (the screen as before), and reads a long backwards span as a typing slip', async () => {
    expect(shiftInstants('2026-11-10', '08:00', '08:30', TZ).nextDay).toBe(false);
    // 09:00 to 08:30 would be 23.5 h: the forms answer that the start must come first instead.
    expect(shiftInstants('2026-11-10', '09:00', '08:30', TZ).nextDay).toBe(false);
    expect(shiftInstants('2026-11-10', '18:00', '06:00', TZ).nextDay).toBe(true);
    const res = await night('2026-11-10', '08:00', '08:30');
    expect(res.json().parada).toMatchObject({ date: '2026-11-10', duration_minutes: 30 });
  });

  it('refuses a stop longer than 24 hours, on manual entry and on edit, and leaves nothing behind', async () => {
    const tooLong = await t.send(fresh.w.token, 'POST', MANUAL, {
      start_time: '2026-11-10T21:00:00.000Z',
      end_time: '2026-11-11T21:01:00.000Z',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Una parada no puede durar más de 24 horas.' });
    expect(await t.db.selectFrom('paradas_kaiser').select('id').where('user_id', '=', fresh.w.id).execute()).toHaveLength(0);

    // Exactly a day is the longest allowed (the same time on the next day).
    const day = await t.send(fresh.w.token, 'POST', MANUAL, {
      start_time: '2026-11-12T05:00:00.000Z',
      end_time: '2026-11-13T05:00:00.000Z',
    });
    expect(day.statusCode).toBe(201);
    expect(day.json().parada.duration_minutes).toBe(24 * 60);

    const edit = await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/${day.json().parada.id}`, {
      start_time: '2026-11-12T05:00:00.000Z',
      end_time: '2026-11-13T06:00:00.000Z',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual({ message: 'Una parada no puede durar más de 24 horas.' });
  });

  it('moves a stop to a night shift through an edit, dated by its start', async () => {
    const created = (await night('2026-11-14', '10:00', '10:20')).json().parada;
    const { start_time, end_time } = shiftInstants('2026-11-13', '23:30', '01:15', TZ);
    const res = await t.send(fresh.w.token, 'PUT', `/api/paradas-kaiser/${created.id}`, { start_time, end_time });
    expect(res.statusCode).toBe(200);
    expect(res.json().parada).toMatchObject({ date: '2026-11-13', duration_minutes: 105 });
  });

  it('refuses a night that has not ended yet', async () => {
    const now = new Date();
    const start = new Date(now.getTime() - 60 * 60_000).toISOString();
    const end = new Date(now.getTime() + 60 * 60_000).toISOString();
    const res = await t.send(fresh.w.token, 'POST', MANUAL, { start_time: start, end_time: end });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'La hora de fin no puede ser posterior a la hora actual.' });
  });
});
