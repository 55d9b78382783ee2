import { weldMessages as m, type RepairRateResponse } from '@portal/contract/welds';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspect, inspection, ok, qualify, repairAll, trace } from './welds-helpers';

// The repair rate and the first-pass yield on both engines, against figures worked out by hand for a
// fixed set of seams (docs/decisions/066-weld-records.md).
//
// May 2026 (Monday 4 to Friday 8; the plant's calendar: Mañana 06–14, Tarde 14–22, Madrid time):
//   seam  arco  operators   WPS  project  shift    inspected (mm)        defects (mm)   first pass
//   s1    A1    ana         P1   P-A      Mañana   UT 10000              —              yes
//   s2    A1    ana         P1   P-A      Mañana   UT 10000              200            no
//   s3    A2    beto        P2   P-A      Tarde    UT 8000               100 + 50 (301) no
//   s4    A2    beto        P1   P-B      Tarde    VT 8000, UT 6000      —              yes
//   s5    A1    ana, beto   P2   P-B      Tarde    UT 12000              300            no
//   s6    A1    ana         P1   P-A      Mañana   not inspected: left out
// June: s7  A2  beto  P2  P-A  Mañana  UT 5000, no defect.
// Every defect is a pore (ISO 6520-1 2011) except s3's 50 mm slag inclusion (301).
// A seam's inspected length is the longest of its first inspections (s4: 8000); every defect is
// repaired and re-inspected, so a seam's repaired length is the sum of its defects.

type RepairRateRow = RepairRateResponse['rows'][number];

describe.skipIf(pgUnavailable)('weld figures', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { a1: 'A1', a2: 'A2' },
    workers: { ana: ['a1', 'Ana'], beto: ['a2', 'Beto'], carla: ['a1', 'Carla Calidad'] },
  });

  beforeAll(async () => {
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
    const token = seed.carla.token;
    const p1 = await approvedProcedure(t, token, 'P1', '2026-01-01');
    const p2 = await approvedProcedure(t, token, 'P2', '2026-01-01');
    await qualify(t, token, seed.ana.id, '2026-04-01', '2028-04-01');
    await qualify(t, token, seed.beto.id, '2026-04-01', '2028-04-01');
    const at = (date: string, shift: 'Mañana' | 'Tarde') => `${date}T${shift === 'Mañana' ? '08' : '16'}:00:00+02:00`;
    const seam = async (
      worker: typeof seed.ana,
      date: string,
      project: string,
      procedure: number,
      operators: number[],
      shift: 'Mañana' | 'Tarde',
    ) => {
      const id = await circular(t, worker, date, project);
      await trace(t, worker.token, id, procedure, operators, [], at(date, shift));
      return id;
    };
    const defect = (position_mm: number, length_mm: number, code = '2011') => ({ code, position_mm, length_mm, level: 'C' as const });

    const s1 = await seam(seed.ana, '2026-05-04', 'P-A', p1, [seed.ana.id], 'Mañana');
    await inspect(t, token, s1, inspection({ inspected_length_mm: 10_000 }));
    const s2 = await seam(seed.ana, '2026-05-05', 'P-A', p1, [seed.ana.id], 'Mañana');
    const s2i = await inspect(t, token, s2, inspection({ inspected_length_mm: 10_000, result: 'reparar', defects: [defect(1000, 200)] }));
    expect((await repairAll(t, token, s2i, p1, seed.ana.id)).state).toBe('aceptada');
    const s3 = await seam(seed.beto, '2026-05-05', 'P-A', p2, [seed.beto.id], 'Tarde');
    const s3i = await inspect(
      t,
      token,
      s3,
      inspection({ inspected_length_mm: 8_000, result: 'reparar', defects: [defect(100, 100), defect(3000, 50, '301')] }),
    );
    await repairAll(t, token, s3i, p2, seed.beto.id);
    const s4 = await seam(seed.beto, '2026-05-06', 'P-B', p1, [seed.beto.id], 'Tarde');
    await inspect(t, token, s4, inspection({ method: 'VT', inspected_length_mm: 8_000 }));
    await inspect(t, token, s4, inspection({ inspected_length_mm: 6_000 }));
    const s5 = await seam(seed.ana, '2026-05-07', 'P-B', p2, [seed.ana.id, seed.beto.id], 'Tarde');
    const s5i = await inspect(t, token, s5, inspection({ inspected_length_mm: 12_000, result: 'reparar', defects: [defect(500, 300)] }));
    await repairAll(t, token, s5i, p2, seed.ana.id);
    await seam(seed.ana, '2026-05-08', 'P-A', p1, [seed.ana.id], 'Mañana');
    const s7 = await seam(seed.beto, '2026-06-01', 'P-A', p2, [seed.beto.id], 'Mañana');
    await inspect(t, token, s7, inspection({ inspected_length_mm: 5_000 }));
  });

  const rate = async (by: string, from = '2026-05', to = '2026-05') =>
    (await ok(await t.send(seed.carla.token, 'GET', `/api/welds/figures/repair-rate?by=${by}&from=${from}&to=${to}`))).rows.map(
      (r: RepairRateRow) => [
        r.label,
        r.inspected_seams,
        r.repaired_seams,
        r.inspected_length_mm,
        r.repaired_length_mm,
        r.length_rate,
        r.seam_rate,
      ],
    );

  it('repair rate per arco: A1 = s1, s2, s5; A2 = s3, s4', async () => {
    // A1: 10000 + 10000 + 12000 = 32000 mm inspected; 200 + 300 = 500 mm repaired → 500/32000 = 0.015625; 2 of 3 seams.
    // A2: 8000 + 8000 = 16000 mm; 100 + 50 = 150 mm → 150/16000 = 0.009375; 1 of 2 seams.
    expect(await rate('arco')).toEqual([
      ['A1', 3, 2, 32_000, 500, 0.015625, 2 / 3],
      ['A2', 2, 1, 16_000, 150, 0.009375, 1 / 2],
    ]);
  });

  it('repair rate per operator: s5 counts for both', async () => {
    // Ana: s1, s2, s5 = 32000 mm, 500 mm repaired, 2 of 3. Beto: s3, s4, s5 = 8000 + 8000 + 12000 = 28000 mm,
    // 150 + 300 = 450 mm → 450/28000; s3 and s5 repaired: 2 of 3.
    expect(await rate('operator')).toEqual([
      ['Ana', 3, 2, 32_000, 500, 500 / 32_000, 2 / 3],
      ['Beto', 3, 2, 28_000, 450, 450 / 28_000, 2 / 3],
    ]);
  });

  it('repair rate per procedure and per project', async () => {
    // P1: s1, s2, s4 = 10000 + 10000 + 8000 = 28000 mm; 200 mm → 200/28000; 1 of 3. P2: s3, s5 = 20000 mm; 450 mm; 2 of 2.
    expect(await rate('procedure')).toEqual([
      ['P1', 3, 1, 28_000, 200, 200 / 28_000, 1 / 3],
      ['P2', 2, 2, 20_000, 450, 450 / 20_000, 1],
    ]);
    // P-A: s1, s2, s3 = 28000 mm; 200 + 150 = 350 mm; 2 of 3. P-B: s4, s5 = 20000 mm; 300 mm; 1 of 2.
    expect(await rate('project')).toEqual([
      ['P-A', 3, 2, 28_000, 350, 350 / 28_000, 2 / 3],
      ['P-B', 2, 1, 20_000, 300, 300 / 20_000, 1 / 2],
    ]);
  });

  it('repair rate per month', async () => {
    // May: the five inspected seams, 48000 mm, 650 mm, 3 of 5. June: s7, 5000 mm, nothing repaired.
    expect(await rate('month', '2026-05', '2026-06')).toEqual([
      ['2026-05', 5, 3, 48_000, 650, 650 / 48_000, 3 / 5],
      ['2026-06', 1, 0, 5_000, 0, 0, 0],
    ]);
  });

  it('first-pass yield per shift', async () => {
    // Mañana: s1 (first pass), s2 (defect) → 1 of 2. Tarde: s3, s5 (defects), s4 (first pass) → 1 of 3.
    const res = await ok(await t.send(seed.carla.token, 'GET', '/api/welds/figures/first-pass-yield?from=2026-05&to=2026-05'));
    expect(res.rows).toEqual([
      { shift: 'Mañana', inspected_seams: 2, first_pass_seams: 1, yield: 1 / 2 },
      { shift: 'Tarde', inspected_seams: 3, first_pass_seams: 1, yield: 1 / 3 },
    ]);
  });

  it('the Pareto of defect types, most frequent first, with the cumulative share', async () => {
    // May: pores on s2 (200), s3 (100) and s5 (300) = 3 defects, 600 mm; s3's slag inclusion = 1, 50 mm.
    // 4 defects: 2011 → 3/4 = 0.75 (cumulative 0.75); 301 → 1/4 = 0.25 (cumulative 1). June has none.
    const may = await ok(await t.send(seed.carla.token, 'GET', '/api/welds/figures/defect-types?from=2026-05&to=2026-05'));
    expect(may).toEqual({
      total: 4,
      rows: [
        { code: '2011', name: 'Poro', defects: 3, length_mm: 600, share: 0.75, cumulative_share: 0.75 },
        { code: '301', name: 'Inclusión de escoria', defects: 1, length_mm: 50, share: 0.25, cumulative_share: 1 },
      ],
    });
    expect(await ok(await t.send(seed.carla.token, 'GET', '/api/welds/figures/defect-types?from=2026-06&to=2026-06'))).toEqual({
      total: 0,
      rows: [],
    });
    expect((await t.send(seed.ana.token, 'GET', '/api/welds/figures/defect-types?from=2026-05&to=2026-05')).statusCode).toBe(403);
  });

  it('figures are for Calidad and administrators, with clear messages for bad months', async () => {
    expect((await t.send(seed.ana.token, 'GET', '/api/welds/figures/repair-rate?from=2026-05&to=2026-05')).json()).toEqual({
      message: m.notCalidadAnywhere,
    });
    expect((await t.send(seed.admin, 'GET', '/api/welds/figures/repair-rate?by=arco&from=2026-05&to=2026-05')).statusCode).toBe(200);
    for (const query of ['from=2026-13&to=2026-05', 'from=2026-06&to=2026-05', 'by=turno&from=2026-05&to=2026-05']) {
      const res = await t.send(seed.carla.token, 'GET', `/api/welds/figures/repair-rate?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect([m.monthInvalid, m.groupInvalid]).toContain(res.json().message);
    }
  });
});
