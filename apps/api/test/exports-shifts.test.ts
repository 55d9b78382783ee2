import { exportMessages, PARADAS_CSV_HEADER, PARADAS_CSV_SHIFT_COLUMNS } from '@portal/contract/planta';
import { describe, expect, it, vi } from 'vitest';
import { bearer, fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

/**
 * The stops CSV by shift (docs/decisions/049-stops-csv-by-shift.md): a row per stop and shift part,
 * split as the downtime analysis splits it (apps/api/test/downtime-shifts.test.ts). March 2025 at a
 * nave of its own, default shifts, San José (19th) not worked.
 */
const NAVE = 'Nave CSV Turnos';
const URL = `/api/admin/export/paradas-kaiser.csv?startDate=2025-03-01&endDate=2025-03-31&nave=${encodeURIComponent(NAVE)}`;

describe.skipIf(pgUnavailable)('CSV export by shift', () => {
  const t = useTestApp();
  const seed = useSeed(t, {});
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(seed.admin) });

  it('gives a row per stop and shift part: over a boundary, over the night shift across midnight, and on a holiday', async () => {
    expect((await t.send(seed.admin, 'POST', '/api/admin/naves', { name: NAVE })).statusCode).toBe(201);
    const arco = await t.createArco('Arco CSV Turno', NAVE);
    const worker = await t.createWorker(arco, 'Eva Turnos');
    for (const [start_time, end_time] of [
      // Monday 3rd 13:30–14:30 in Madrid: 30 minutes of Mañana, 30 of Tarde.
      ['2025-03-03T12:30:00Z', '2025-03-03T13:30:00Z'],
      // Wednesday 5th 05:30–06:30: 30 minutes of the Noche that started on Tuesday 4th, 30 of Wednesday's Mañana.
      ['2025-03-05T04:30:00Z', '2025-03-05T05:30:00Z'],
      // Thursday 6th 21:00 to Friday 7th 01:00: 60 minutes of Tarde, 180 of Noche over midnight.
      ['2025-03-06T20:00:00Z', '2025-03-07T00:00:00Z'],
      // San José, not worked: outside every shift.
      ['2025-03-19T09:00:00Z', '2025-03-19T09:20:00Z'],
    ] as const) {
      const res = await t.send(worker.token, 'POST', '/api/paradas-kaiser/manual', { start_time, end_time });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The holiday, set on Saturday 1st for the days to come (the past is never rewritten).
    fakeClock(Date.parse('2025-03-01T08:00:00Z'));
    expect((await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2025-03-19', reason: 'San José' })).statusCode).toBe(
      201,
    );
    vi.useRealTimers();

    const res = await get(`${URL}&by=shift`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe([...PARADAS_CSV_HEADER, ...PARADAS_CSV_SHIFT_COLUMNS].join(';'));
    const stop = (date: string, start: string, end: string, minutes: number) =>
      [date, NAVE, 'Arco CSV Turno', 'Eva Turnos', worker.worker_id, start, end, minutes, ''].join(';');
    expect(lines.slice(1)).toEqual([
      `${stop('03/03/2025', '03/03/2025 13:30', '03/03/2025 14:30', 60)};Mañana;03/03/2025;30`,
      `${stop('03/03/2025', '03/03/2025 13:30', '03/03/2025 14:30', 60)};Tarde;03/03/2025;30`,
      `${stop('05/03/2025', '05/03/2025 05:30', '05/03/2025 06:30', 60)};Noche;04/03/2025;30`,
      `${stop('05/03/2025', '05/03/2025 05:30', '05/03/2025 06:30', 60)};Mañana;05/03/2025;30`,
      `${stop('06/03/2025', '06/03/2025 21:00', '07/03/2025 01:00', 240)};Tarde;06/03/2025;60`,
      `${stop('06/03/2025', '06/03/2025 21:00', '07/03/2025 01:00', 240)};Noche;06/03/2025;180`,
      `${stop('19/03/2025', '19/03/2025 10:00', '19/03/2025 10:20', 20)};${exportMessages.outsideShifts};;20`,
    ]);

    // The same minutes as the analysis reads by shift.
    const analysis = (await t.send(seed.admin, 'GET', `/api/admin/downtime?month=2025-03&nave=${encodeURIComponent(NAVE)}`)).json() as {
      shifts: { name: string; minutes: number }[];
      arcos: { outside_minutes: number }[];
    };
    expect(Object.fromEntries(analysis.shifts.map((s) => [s.name, s.minutes]))).toEqual({ Mañana: 60, Tarde: 90, Noche: 210 });
    expect(analysis.arcos[0].outside_minutes).toBe(20);

    // Without it, a row per stop as before.
    const plain = await get(URL);
    expect(plain.body.slice(1).split('\r\n').filter(Boolean)).toHaveLength(5);
  });

  it('refuses any other division with a Spanish message', async () => {
    const res = await get(`${URL}&by=turno`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: exportMessages.byInvalid });
  });
});
