import { beforeAll, describe, expect, it, vi } from 'vitest';
import { applySignal } from '../src/modules/machines/service';
import { fakeClock, pgUnavailable, useSeed, useTestApp, type Worker } from './helper';

const MANUAL = '/api/paradas-kaiser/manual';
// February 2025: 28 days, four of them Sundays (2, 9, 16, 23).
const MONTH = '2025-02';
const URL = `/api/admin/downtime?month=${MONTH}&nave=Nave%202`;

interface Analysis {
  total_minutes: number;
  micro_stops: { minutes: number; stops: number; arcos: { arco_id: number; name: string; minutes: number; stops: number }[] };
  motivos: { motivo_id: number | null; name: string; minutes: number; cumulative_percent: number }[];
  arcos: { arco_id: number; name: string; minutes: number; planned_minutes: number; availability: number | null }[];
}

describe.skipIf(pgUnavailable)('downtime analysis', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { a: ['Arco Análisis 2', 'Nave 2'], b: ['Arco Análisis 10', 'Nave 2'] },
    workers: { wa: ['a'], wb: ['b'] },
  });
  let fundente: number;
  let limpieza: number;

  const stop = (w: Worker, day: string, from: string, minutes: number, motivo_id?: number) => {
    const start = new Date(`${MONTH}-${day}T${from}:00.000Z`);
    return t.send(w.token, 'POST', MANUAL, {
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + minutes * 60_000).toISOString(),
      motivo_id,
    });
  };
  const analysis = async (url = URL): Promise<Analysis> => {
    const res = await t.send(seed.admin, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const ours = (r: Analysis) => r.arcos.filter((x) => x.arco_id === seed.a.id || x.arco_id === seed.b.id);

  beforeAll(async () => {
    const motivos = (await t.send(seed.admin, 'GET', '/api/motivos')).json() as { id: number; name: string }[];
    fundente = motivos.find((m) => m.name === 'Fundente')!.id;
    limpieza = motivos.find((m) => m.name === 'Limpieza')!.id;
    for (const res of [
      await stop(seed.wa, '03', '08:00', 120, fundente),
      await stop(seed.wa, '04', '08:00', 30, limpieza),
      await stop(seed.wb, '05', '08:00', 60, fundente),
      await stop(seed.wb, '06', '08:00', 90),
    ]) {
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('ranks the motivos by minutes with the cumulative percentage (Pareto)', async () => {
    const r = await analysis();
    expect(r.total_minutes).toBe(300);
    expect(r.motivos).toEqual([
      { motivo_id: fundente, name: 'Fundente', minutes: 180, cumulative_percent: 60 },
      { motivo_id: null, name: 'Sin motivo', minutes: 90, cumulative_percent: 90 },
      { motivo_id: limpieza, name: 'Limpieza', minutes: 30, cumulative_percent: 100 },
    ]);
  });

  it("gives each station's minutes and availability over 24 h Monday to Saturday, in natural order", async () => {
    const planned = 24 * 24 * 60;
    const apart = { planned_stop_minutes: 0, break_minutes: 0, outside_minutes: 0 };
    expect(ours(await analysis())).toEqual([
      { arco_id: seed.a.id, name: 'Arco Análisis 2', minutes: 150, planned_minutes: planned, availability: 0.9957, ...apart },
      { arco_id: seed.b.id, name: 'Arco Análisis 10', minutes: 150, planned_minutes: planned, availability: 0.9957, ...apart },
    ]);
    // Another nave's view leaves these stations out.
    const other = await analysis(`/api/admin/downtime?month=${MONTH}&nave=Nave%201`);
    expect(other.arcos.some((x) => x.arco_id === seed.a.id)).toBe(false);
  });

  it('follows edits, motivo changes and deletes in the same transaction', async () => {
    const extra = (await stop(seed.wa, '10', '09:00', 45, limpieza)).json().parada;
    expect(ours(await analysis())[0].minutes).toBe(195);
    const edited = await t.send(seed.wa.token, 'PUT', `/api/paradas-kaiser/${extra.id}`, {
      start_time: extra.start_time,
      end_time: new Date(Date.parse(extra.start_time) + 15 * 60_000).toISOString(),
      motivo_id: fundente,
    });
    expect(edited.statusCode).toBe(200);
    let r = await analysis();
    expect(r.motivos.find((m) => m.motivo_id === fundente)?.minutes).toBe(195);
    expect(r.motivos.find((m) => m.motivo_id === limpieza)?.minutes).toBe(30);
    expect((await t.send(seed.wa.token, 'DELETE', `/api/paradas-kaiser/${extra.id}`)).statusCode).toBe(200);
    r = await analysis();
    expect(r.total_minutes).toBe(300);
  });

  it('no longer lets the planned hours rewrite the calendar: the write is a 410 pointing to it, the read stays', async () => {
    // The shift calendar is the one place the working time is edited (docs/decisions/056-shift-figures-across-a-month.md).
    const calendar = () => t.db.selectFrom('shift_versions').selectAll().orderBy('id').execute();
    const shifts = () => t.db.selectFrom('shifts').selectAll().orderBy('id').execute();
    const audits = () => t.db.selectFrom('audit_log').select('id').execute();
    const [versionsBefore, shiftsBefore, auditsBefore, analysisBefore] = await Promise.all([calendar(), shifts(), audits(), analysis()]);
    fakeClock(Date.parse('2025-02-01T08:00:00Z'));
    for (const body of [{ hours: [8, 8, 8, 8, 8, 0, 0] }, { hours: 'ocho' }, {}]) {
      const set = await t.send(seed.admin, 'PUT', '/api/admin/downtime/planned-hours', body);
      expect(set.statusCode).toBe(410);
      expect(set.json()).toEqual({
        message:
          'Las horas planificadas ya no se editan aquí: el tiempo de trabajo se define en el calendario de turnos (Administración → Turnos).',
      });
    }
    vi.useRealTimers();
    expect(await calendar()).toEqual(versionsBefore);
    expect(await shifts()).toEqual(shiftsBefore);
    expect(await audits()).toHaveLength(auditsBefore.length);
    expect(await analysis()).toEqual(analysisBefore);
    // The read answers the calendar in force: 24 h Monday to Saturday.
    expect((await t.send(seed.admin, 'GET', '/api/admin/downtime/planned-hours')).json()).toEqual({ hours: [24, 24, 24, 24, 24, 24, 0] });
  });

  it('refuses bad queries with Spanish messages, and is for administrators only', async () => {
    const badMonth = await t.send(seed.admin, 'GET', '/api/admin/downtime?month=2025-13&nave=Nave%201');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json()).toEqual({ message: 'El mes no es válido.' });
    const noNave = await t.send(seed.admin, 'GET', '/api/admin/downtime?month=2025-02');
    expect(noNave.statusCode).toBe(400);
    expect(noNave.json()).toEqual({ message: 'Selecciona una nave.' });
    expect((await t.send(seed.wa.token, 'GET', URL)).statusCode).toBe(403);
    expect((await t.send(seed.wa.token, 'PUT', '/api/admin/downtime/planned-hours', { hours: [0, 0, 0, 0, 0, 0, 0] })).statusCode).toBe(
      403,
    );
  });

  it("counts a machine's micro-stops apart per arco, out of the minutes, the motivos and the availability", async () => {
    // A Wednesday morning, inside the Mañana: the 30-minute stop falls in worked shift time.
    fakeClock(Date.parse('2026-11-25T09:00:00Z'));
    const arco = await t.createArco('Arco Micro 1', 'Nave 2');
    expect((await t.send(seed.admin, 'POST', `/api/admin/arcos-sumergidos/${arco.id}/machine/key`)).statusCode).toBe(201);
    const min = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    // Two micro-stops (60 s and 30 s, under the 120 s threshold) and one 30-minute machine stop.
    for (const [state, at] of [
      ['stopped', min(40)],
      ['running', min(39)],
      ['stopped', min(38)],
      ['running', min(8)],
      ['stopped', min(5)],
      ['running', min(4.5)],
    ] as const) {
      expect((await applySignal(t.app.ctx, arco.id, { state, at })).outcome).toBe('applied');
    }
    const rows = await t.db
      .selectFrom('paradas_kaiser')
      .selectAll()
      .where('arco_sumergido_id', '=', arco.id)
      .orderBy('start_time')
      .execute();
    expect(rows.map((r) => [r.micro_stop, r.duration_minutes])).toEqual([
      [1, 1],
      [0, 30],
      [1, 1],
    ]);
    // The stops fall in the factory month of their dates (one month unless run at a month's first minutes).
    const months = [...new Set(rows.map((r) => r.date.slice(0, 7)))];
    // Summed over those months; the stations' minutes and availability are compared with the same
    // analysis without this arco's micro-stops: only its 30-minute stop counts there.
    const sum = async () => {
      const total = { minutes: 0, motivos: 0, micro: { minutes: 0, stops: 0 }, arco: { minutes: 0, micro_minutes: 0, micro_stops: 0 } };
      for (const month of months) {
        const r = await analysis(`/api/admin/downtime?month=${month}&nave=Nave%202`);
        const station = r.arcos.find((x) => x.arco_id === arco.id)!;
        const micro = r.micro_stops.arcos.find((x) => x.arco_id === arco.id);
        total.minutes += station.minutes;
        total.motivos += r.motivos.reduce((n, m) => n + m.minutes, 0);
        total.micro.minutes += r.micro_stops.minutes;
        total.micro.stops += r.micro_stops.stops;
        total.arco.micro_minutes += micro?.minutes ?? 0;
        total.arco.micro_stops += micro?.stops ?? 0;
        expect(r.total_minutes).toBe(r.motivos.reduce((n, m) => n + m.minutes, 0));
        if (months.length === 1) {
          expect(micro?.name).toBe('Arco Micro 1');
          expect(station.availability).toBe(
            station.planned_minutes ? Math.max(0, Math.round((1 - 30 / station.planned_minutes) * 10_000) / 10_000) : null,
          );
        }
      }
      total.arco.minutes = total.minutes;
      return total;
    };
    const expected = { minutes: 30, motivos: 30, micro: { minutes: 2, stops: 2 }, arco: { minutes: 30, micro_minutes: 2, micro_stops: 2 } };
    expect(await sum()).toEqual(expected);

    // A worker at the arco names the motivo of a micro-stop: it stays a micro-stop, out of the Pareto.
    const worker = await t.createWorker(arco);
    const named = await t.send(worker.token, 'PUT', `/api/machines/paradas/${rows[0].id}`, { description: 'Tobera', motivo_id: fundente });
    expect(named.statusCode, named.body).toBe(200);
    expect(await sum()).toEqual(expected);
    // Deleting a micro-stop takes it out of the count.
    expect((await t.send(seed.admin, 'DELETE', `/api/paradas-kaiser/${rows[2].id}`)).statusCode).toBe(200);
    expect(await sum()).toEqual({ ...expected, micro: { minutes: 1, stops: 1 }, arco: { minutes: 30, micro_minutes: 1, micro_stops: 1 } });
  });

  it('plans the current month up to now and a future month not at all', async () => {
    // Tuesday 2026-11-03 at 10:00 in Madrid: Monday's three shifts, the Noche of Sunday–Monday not (no
    // shift starts on Sunday), and Tuesday's Mañana up to now (4 h).
    fakeClock(Date.parse('2026-11-03T09:00:00Z'));
    const now = await analysis('/api/admin/downtime?month=2026-11&nave=Nave%202');
    expect(ours(now)[0].planned_minutes).toBe(24 * 60 + 4 * 60);
    const next = await analysis('/api/admin/downtime?month=2026-12&nave=Nave%202');
    expect(ours(next)[0]).toMatchObject({ planned_minutes: 0, availability: null });
  });
});
