import { describe, expect, it, vi } from 'vitest';
import { fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

/**
 * The downtime analysis by shift (docs/decisions/040-shift-calendar.md), March 2025 at a nave of its
 * own with one arco: default shifts, a break added to the Mañana from Monday 3rd, San José (19th) not
 * worked, the spring night (Saturday 29th) 7 h long.
 */
const MONTH = '2025-03';
const NAVE = 'Nave Turnos';
const URL = `/api/admin/downtime?month=${MONTH}&nave=${encodeURIComponent(NAVE)}`;

interface Analysis {
  total_minutes: number;
  motivos: { motivo_id: number | null; name: string; minutes: number }[];
  arcos: Record<string, number | string | null>[];
  shift_id: number | null;
  shifts: {
    shift_id: number;
    name: string;
    planned_minutes: number;
    break_minutes: number;
    minutes: number;
    planned_stop_minutes: number;
  }[];
  planned_stops: { minutes: number; motivos: { motivo_id: number | null; name: string; minutes: number }[] };
}

describe.skipIf(pgUnavailable)('downtime by shift', () => {
  const t = useTestApp();
  const seed = useSeed(t, {});
  const analysis = async (url = URL): Promise<Analysis> => {
    const res = await t.send(seed.admin, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ids: Record<string, number> = {};
  let first: Analysis;

  it('splits a stop over two shifts at the boundary, leaves planned stops and breaks out of availability, and a holiday unplanned', async () => {
    expect((await t.send(seed.admin, 'POST', '/api/admin/naves', { name: NAVE })).statusCode).toBe(201);
    const arco = await t.createArco('Arco Turno 1', NAVE);
    const worker = await t.createWorker(arco);
    const motivos = (await t.send(seed.admin, 'GET', '/api/motivos')).json() as { id: number; name: string }[];
    const preventivo = motivos.find((m) => m.name === 'Mantenimiento preventivo')!.id;
    for (const [start, end, motivo_id] of [
      // Monday 3rd 13:30–14:30 in Madrid: 30 minutes of Mañana, 30 of Tarde.
      ['2025-03-03T12:30:00Z', '2025-03-03T13:30:00Z', undefined],
      // Tuesday 4th 09:50–10:40 over the 10:00–10:30 break: 20 minutes count.
      ['2025-03-04T08:50:00Z', '2025-03-04T09:40:00Z', undefined],
      // Wednesday 5th 07:00–08:00, preventive maintenance: planned, apart.
      ['2025-03-05T06:00:00Z', '2025-03-05T07:00:00Z', preventivo],
      // San José, not worked: outside every shift.
      ['2025-03-19T09:00:00Z', '2025-03-19T09:20:00Z', undefined],
    ] as const) {
      const res = await t.send(worker.token, 'POST', '/api/paradas-kaiser/manual', { start_time: start, end_time: end, motivo_id });
      expect(res.statusCode, res.body).toBe(201);
    }

    // The admin's changes, made on Saturday 1st for the days to come.
    fakeClock(Date.parse('2025-03-01T08:00:00Z'));
    const calendar = (await t.send(seed.admin, 'GET', '/api/admin/shifts')).json();
    for (const s of calendar.shifts) ids[s.current.name] = s.id;
    const manana = calendar.shifts.find((s: { id: number }) => s.id === ids.Mañana).current;
    const changed = await t.send(seed.admin, 'PUT', `/api/admin/shifts/${ids.Mañana}`, {
      ...manana,
      breaks: [{ start: '10:00', end: '10:30' }],
      effective_from: '2025-03-03',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2025-03-19', reason: 'San José' })).statusCode).toBe(
      201,
    );
    vi.useRealTimers();

    first = await analysis();
    // 26 days Monday to Saturday of 24 h, less an hour on the spring night, 24 breaks of 30 minutes and San José.
    const planned = 26 * 1440 - 60 - 24 * 30 - 1440;
    expect(first.arcos).toEqual([
      {
        arco_id: arco.id,
        name: 'Arco Turno 1',
        minutes: 80,
        planned_minutes: planned,
        availability: Math.round((1 - 80 / (planned - 60)) * 10_000) / 10_000,
        planned_stop_minutes: 60,
        break_minutes: 720,
        // San José's 20 minutes and the 30 of the break.
        outside_minutes: 50,
      },
    ]);
    expect(first.total_minutes).toBe(80);
    expect(first.motivos).toEqual([{ motivo_id: null, name: 'Sin motivo', minutes: 80, cumulative_percent: 100 }]);
    expect(first.planned_stops).toEqual({
      minutes: 60,
      motivos: [{ motivo_id: preventivo, name: 'Mantenimiento preventivo', minutes: 60 }],
    });
    expect(first.shifts.map((s) => [s.name, s.planned_minutes, s.break_minutes, s.minutes, s.planned_stop_minutes])).toEqual([
      ['Mañana', 26 * 480 - 24 * 30 - 480, 720, 50, 60],
      ['Tarde', 26 * 480 - 480, 0, 30, 0],
      ['Noche', 26 * 480 - 60 - 480, 0, 0, 0],
    ]);

    // Read by shift: the Tarde alone has its 30 minutes of the stop over the boundary.
    const tarde = await analysis(`${URL}&shift=${ids.Tarde}`);
    expect(tarde.shift_id).toBe(ids.Tarde);
    expect(tarde.arcos[0]).toMatchObject({ minutes: 30, planned_minutes: 26 * 480 - 480, planned_stop_minutes: 0 });
    expect(tarde.shifts.map((s) => s.name)).toEqual(['Tarde']);
  });

  it('keeps the figures of the past when the calendar changes later', async () => {
    fakeClock(Date.parse('2025-04-01T08:00:00Z'));
    // The Noche is retired and the Tarde gets a break from April on; a change dated in March is refused.
    expect((await t.send(seed.admin, 'DELETE', `/api/admin/shifts/${ids.Noche}?from=2025-04-01`)).statusCode).toBe(200);
    const tarde = (await t.send(seed.admin, 'GET', '/api/admin/shifts'))
      .json()
      .shifts.find((s: { id: number }) => s.id === ids.Tarde).current;
    const late = await t.send(seed.admin, 'PUT', `/api/admin/shifts/${ids.Tarde}`, {
      ...tarde,
      breaks: [{ start: '18:00', end: '18:15' }],
      effective_from: '2025-03-15',
    });
    expect(late.statusCode).toBe(400);
    expect(
      (
        await t.send(seed.admin, 'PUT', `/api/admin/shifts/${ids.Tarde}`, {
          ...tarde,
          breaks: [{ start: '18:00', end: '18:15' }],
          effective_from: '2025-04-01',
        })
      ).statusCode,
    ).toBe(200);
    const holiday = await t.send(seed.admin, 'POST', '/api/admin/shifts/closures', { date: '2025-03-20' });
    expect(holiday.statusCode).toBe(400);
    vi.useRealTimers();
    expect(await analysis()).toEqual(first);
    // April is measured with the new calendar: no Noche, the Tarde's breaks apart.
    const april = await analysis(`/api/admin/downtime?month=2025-04&nave=${encodeURIComponent(NAVE)}`);
    expect(april.shifts.map((s) => [s.name, s.break_minutes])).toEqual([
      ['Mañana', 26 * 30],
      ['Tarde', 26 * 15],
    ]);
  });

  it("reads the plant board by shift: the current shift and each arco's minutes in it, split at its start", async () => {
    const arco = await t.createArco('Arco Turno 2', NAVE);
    const worker = await t.createWorker(arco);
    // Tuesday 4th 13:30–14:30 in Madrid: 30 minutes before the Tarde began, 30 in it.
    const res = await t.send(worker.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: '2025-03-04T12:30:00Z',
      end_time: '2025-03-04T13:30:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    // 14:45 in Madrid.
    fakeClock(Date.parse('2025-03-04T13:45:00Z'));
    const board = (await t.send(seed.admin, 'GET', '/api/admin/planta?by=shift')).json() as {
      nave: string;
      shift: { name: string; start: string; end: string } | null;
      arcos: { name: string; shift_minutes?: number }[];
    }[];
    const ours = board.find((n) => n.nave === NAVE)!;
    expect(ours.shift).toMatchObject({ name: 'Tarde', start: '2025-03-04T13:00:00.000Z', end: '2025-03-04T21:00:00.000Z' });
    expect(ours.arcos.map((a) => [a.name, a.shift_minutes])).toEqual([
      ['Arco Turno 1', 0],
      ['Arco Turno 2', 30],
    ]);
    // Without it, the board answers as it always did.
    const plain = (await t.send(seed.admin, 'GET', '/api/admin/planta')).json() as Record<string, unknown>[];
    expect(plain.every((n) => !('shift' in n))).toBe(true);
    expect((await t.send(seed.admin, 'GET', '/api/admin/planta?by=turno')).statusCode).toBe(400);
  });
});
