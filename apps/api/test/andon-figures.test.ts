import { PARADAS_CSV_ANDON_COLUMNS } from '@portal/contract/andon';
import { PARADAS_CSV_HEADER, PARADAS_CSV_MOTIVO_COLUMNS } from '@portal/contract/planta';
import { beforeAll, describe, expect, it } from 'vitest';
import { spread } from '../src/modules/andon/service';
import { pgUnavailable, useSeed, useTestApp, type Worker } from './helper';

// The andon's figures on known data (docs/decisions/043-andon.md): paradas entered by hand in March
// 2025 (before the change to summer time: Madrid is UTC+1), calls written with known times.

const MONTH = '2025-03';
const at = (day: string, time: string) => new Date(`${MONTH}-${day}T${time}Z`).toISOString();

describe.skipIf(pgUnavailable)('andon figures: time to acknowledge, to arrive and to repair', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { a: ['Arco Figuras 1', 'Nave 2'], b: ['Arco Figuras 2', 'Nave 2'] },
    workers: { wa: ['a'], wb: ['b'] },
  });
  const ids: Record<string, number> = {};
  let fundente: number;
  let limpieza: number;

  const parada = async (w: Worker, day: string, from: string, to: string, motivo_id?: number) => {
    const res = await t.send(w.token, 'POST', '/api/paradas-kaiser/manual', {
      start_time: at(day, from),
      end_time: at(day, to),
      motivo_id,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().parada.id as number;
  };
  const call = (
    paradaId: number,
    arco: number,
    level: 'supervisor' | 'maintenance',
    day: string,
    created: string,
    ack: string | null,
    arrived: string | null,
  ) =>
    t.db
      .insertInto('andon_calls')
      .values({
        arco_sumergido_id: arco,
        parada_id: paradaId,
        level,
        origin: 'rule',
        created_at: at(day, created),
        created_by: null,
        acknowledged_at: ack && at(day, ack),
        acknowledged_by: ack ? seed.wa.id : null,
        arrived_at: arrived && at(day, arrived),
        arrived_by: arrived ? seed.wa.id : null,
        resolved_at: at(day, '23:00:00'),
      })
      .execute();

  beforeAll(async () => {
    const motivos = (await t.send(seed.admin, 'GET', '/api/motivos')).json() as { id: number; name: string }[];
    fundente = motivos.find((m) => m.name === 'Fundente')!.id;
    limpieza = motivos.find((m) => m.name === 'Limpieza')!.id;
    const { a, b } = seed;
    // Arco 1: three paradas with calls (Voy after 60, 120 and 300 s; En el arco after 240 and 300 s;
    // repair 51 and 20 min), one without. Arco 2: one (30 s, 10 min, 25 min).
    ids.p1 = await parada(seed.wa, '03', '08:00:00', '09:00:00', fundente);
    await call(ids.p1, a.id, 'supervisor', '03', '08:05:00', '08:06:00', '08:09:00');
    await call(ids.p1, a.id, 'maintenance', '03', '08:20:00', '08:22:00', '08:30:00');
    ids.p2 = await parada(seed.wa, '04', '10:00:00', '10:30:00', limpieza);
    await call(ids.p2, a.id, 'supervisor', '04', '10:05:00', '10:07:00', '10:10:00');
    ids.p3 = await parada(seed.wa, '05', '12:00:00', '13:00:00');
    await call(ids.p3, a.id, 'supervisor', '05', '12:05:00', '12:10:00', null);
    ids.p5 = await parada(seed.wa, '07', '12:00:00', '12:03:00');
    ids.p4 = await parada(seed.wb, '06', '08:00:00', '08:40:00', fundente);
    await call(ids.p4, b.id, 'supervisor', '06', '08:05:00', '08:05:30', '08:15:00');
    // 00:30 to 01:00 on 1 April in Madrid (UTC+2 by then): a parada of April, though it starts on the
    // 31st in UTC, inside the range of start times the query of March reads.
    ids.p6 = await parada(seed.wb, '31', '22:30:00', '23:00:00');
    await call(ids.p6, b.id, 'supervisor', '31', '22:35:00', '22:36:00', '22:40:00');
  });

  it('gives the median and p90 (nearest rank) per arco and per motivo, in seconds', async () => {
    const res = await t.send(seed.admin, 'GET', `/api/admin/downtime?month=${MONTH}&nave=Nave%202`);
    expect(res.statusCode, res.body).toBe(200);
    const s = (median: number | null, p90: number | null, count: number) => ({ median_seconds: median, p90_seconds: p90, count });
    expect(res.json().andon).toEqual({
      arcos: [
        {
          arco_id: seed.a.id,
          arco_name: 'Arco Figuras 1',
          motivo_id: null,
          motivo_name: null,
          paradas: 3,
          acknowledge: s(120, 300, 3),
          arrive: s(270, 300, 2),
          repair: s(2130, 3060, 2),
        },
        {
          arco_id: seed.b.id,
          arco_name: 'Arco Figuras 2',
          motivo_id: null,
          motivo_name: null,
          paradas: 1,
          acknowledge: s(30, 30, 1),
          arrive: s(600, 600, 1),
          repair: s(1500, 1500, 1),
        },
      ],
      motivos: [
        {
          arco_id: null,
          arco_name: null,
          motivo_id: fundente,
          motivo_name: 'Fundente',
          paradas: 2,
          acknowledge: s(45, 60, 2),
          arrive: s(420, 600, 2),
          repair: s(2280, 3060, 2),
        },
        {
          arco_id: null,
          arco_name: null,
          motivo_id: limpieza,
          motivo_name: 'Limpieza',
          paradas: 1,
          acknowledge: s(120, 120, 1),
          arrive: s(300, 300, 1),
          repair: s(1200, 1200, 1),
        },
        {
          arco_id: null,
          arco_name: null,
          motivo_id: null,
          motivo_name: 'Sin motivo',
          paradas: 1,
          acknowledge: s(300, 300, 1),
          arrive: s(null, null, 0),
          repair: s(null, null, 0),
        },
      ],
    });
    // Another nave, another month: none of these.
    expect((await t.send(seed.admin, 'GET', `/api/admin/downtime?month=${MONTH}&nave=Nave%201`)).json().andon).toEqual({
      arcos: [],
      motivos: [],
    });
    // April has the parada of its first night only.
    const april = (await t.send(seed.admin, 'GET', `/api/admin/downtime?month=2025-04&nave=Nave%202`)).json().andon;
    expect(april.arcos).toEqual([
      {
        arco_id: seed.b.id,
        arco_name: 'Arco Figuras 2',
        motivo_id: null,
        motivo_name: null,
        paradas: 1,
        acknowledge: s(60, 60, 1),
        arrive: s(300, 300, 1),
        repair: s(1200, 1200, 1),
      },
    ]);
    expect((await t.send(seed.admin, 'GET', `/api/admin/downtime?month=2025-05&nave=Nave%202`)).json().andon).toEqual({
      arcos: [],
      motivos: [],
    });
  });

  it('computes the spread of ten waits as the nearest rank says', () => {
    expect(spread([10, 20, 30, 40, 50, 60, 70, 80, 90, 1000])).toEqual({ median_seconds: 55, p90_seconds: 90, count: 10 });
    expect(spread([])).toEqual({ median_seconds: null, p90_seconds: null, count: 0 });
  });

  it('adds the call times to the stops CSV as opt-in columns', async () => {
    const url = `/api/admin/export/paradas-kaiser.csv?startDate=${MONTH}-01&endDate=${MONTH}-31&nave=Nave%202`;
    const lines = async (columns?: string) => {
      const res = await t.send(seed.admin, 'GET', columns ? `${url}&columns=${columns}` : url);
      expect(res.statusCode, res.body).toBe(200);
      return res.body
        .slice(1)
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';'));
    };
    const plain = await lines();
    expect(plain[0]).toEqual([...PARADAS_CSV_HEADER]);
    const both = await lines('motivo,andon');
    expect(both[0]).toEqual([...PARADAS_CSV_HEADER, ...PARADAS_CSV_MOTIVO_COLUMNS, ...PARADAS_CSV_ANDON_COLUMNS]);
    const andon = await lines('andon');
    expect(andon[0]).toEqual([...PARADAS_CSV_HEADER, ...PARADAS_CSV_ANDON_COLUMNS]);
    const extra = PARADAS_CSV_HEADER.length;
    const row = (start: string) => andon.find((r) => r[5] === start)!.slice(extra);
    // Madrid is UTC+1: the first call at 08:05 UTC shows 09:05; the highest level called was maintenance.
    expect(row('03/03/2025 09:00')).toEqual(['03/03/2025 09:05', 'Mantenimiento', '03/03/2025 09:06', '03/03/2025 09:09', '1', '4', '51']);
    expect(row('05/03/2025 13:00')).toEqual(['05/03/2025 13:05', 'Supervisor', '05/03/2025 13:10', '', '5', '', '']);
    expect(row('07/03/2025 13:00')).toEqual(['', '', '', '', '', '', '']);
    const bad = await t.send(seed.admin, 'GET', `${url}&columns=andon,fotos`);
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'Las columnas opcionales son motivo y andon.' }]);
  });
});
