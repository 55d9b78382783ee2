import type { RepairRateResponse } from '@portal/contract/welds';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspect, inspection, ok, qualify, repairAll, trace } from './welds-helpers';

// The weld figures as the database now sums them (docs/decisions/097-weld-figures-at-scale-on-both-engines.md),
// on both engines: first-pass yield per shift at the shifts' edges (the seams within each shift's
// occurrence, start included, end excluded, with a day's margin each side of the months), and the
// repair rate per operator and per project from the copies triggers keep of a seam's month and counters.
//
// The plant's calendar (Monday to Saturday: Mañana 06–14, Tarde 14–22, Noche 22–06 of the next day;
// nothing starts on Sunday), Madrid time (+02:00 in spring). April 2026:
//   seam  circular     welded                        shift (by hand)                       defect  first pass
//   a     Mon 27/04    27/04 06:00:00.000            Mañana (its start)                    —       yes
//   b     Tue 28/04    28/04 13:59:59.999            Mañana (before its end)               yes     no
//   c     Tue 28/04    28/04 14:00:00.000            Tarde (Mañana's end is Tarde's start) —       yes
//   d     Sun 26/04    26/04 05:59:59.999            Noche of Saturday 25th                —       yes
//   e     Sun 26/04    26/04 06:00:00.000            none: 'Fuera de turno'                yes     no
//   f     Thu 30/04    Fri 01/05 07:00               Mañana (the day after the month)      —       yes
//   g     Wed 01/04    Tue 31/03 23:00               Noche of Tuesday 31st (the day before) —      yes
//   h     Wed 29/04    29/04 08:00                   not inspected: left out
//   i     Mon 04/05    04/05 08:00                   May: left out of April
// April: Fuera de turno 1 seam, 0 first pass; Mañana a, b, f = 3, 2; Noche d, g = 2, 2; Tarde c = 1, 1.

type RepairRateRow = RepairRateResponse['rows'][number];
/** An inspection of 9000 mm that finds one 20 mm defect. */
const withDefect = inspection({
  inspected_length_mm: 9_000,
  result: 'reparar',
  defects: [{ code: '2011', position_mm: 10, length_mm: 20, level: 'C' }],
});

describe.skipIf(pgUnavailable)('weld figures at their edges', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { a1: 'A1' },
    workers: { ana: ['a1', 'Ana'], beto: ['a1', 'Beto'], carla: ['a1', 'Carla Calidad'] },
  });

  let procedure = 0;
  beforeAll(async () => {
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
    const token = seed.carla.token;
    procedure = await approvedProcedure(t, token, 'P-EDGE', '2026-01-01');
    await qualify(t, token, seed.ana.id, '2026-01-01', '2028-01-01');
    await qualify(t, token, seed.beto.id, '2026-01-01', '2028-01-01');
    const seam = async (date: string, weldedAt: string, inspected: 'no' | 'clean' | 'defect') => {
      const id = await circular(t, seed.ana, date, 'P-EDGE');
      await trace(t, seed.ana.token, id, procedure, [seed.ana.id], [], weldedAt);
      if (inspected === 'clean') await inspect(t, token, id, inspection({ inspected_length_mm: 9_000 }));
      if (inspected === 'defect') await inspect(t, token, id, withDefect);
    };
    await seam('2026-04-27', '2026-04-27T06:00:00.000+02:00', 'clean'); // a
    await seam('2026-04-28', '2026-04-28T13:59:59.999+02:00', 'defect'); // b
    await seam('2026-04-28', '2026-04-28T14:00:00.000+02:00', 'clean'); // c
    await seam('2026-04-26', '2026-04-26T05:59:59.999+02:00', 'clean'); // d
    await seam('2026-04-26', '2026-04-26T06:00:00.000+02:00', 'defect'); // e
    await seam('2026-04-30', '2026-05-01T07:00:00+02:00', 'clean'); // f
    await seam('2026-04-01', '2026-03-31T23:00:00+02:00', 'clean'); // g
    await seam('2026-04-29', '2026-04-29T08:00:00+02:00', 'no'); // h
    await seam('2026-05-04', '2026-05-04T08:00:00+02:00', 'clean'); // i
  });

  const yieldOf = async (from: string, to: string) =>
    (await ok(await t.send(seed.carla.token, 'GET', `/api/welds/figures/first-pass-yield?from=${from}&to=${to}`))).rows;

  it("counts each seam in the shift it was welded in, edges included at the start only, and the rest as 'Fuera de turno'", async () => {
    expect(await yieldOf('2026-04', '2026-04')).toEqual([
      { shift: 'Fuera de turno', inspected_seams: 1, first_pass_seams: 0, yield: 0 },
      { shift: 'Mañana', inspected_seams: 3, first_pass_seams: 2, yield: 2 / 3 },
      { shift: 'Noche', inspected_seams: 2, first_pass_seams: 2, yield: 1 },
      { shift: 'Tarde', inspected_seams: 1, first_pass_seams: 1, yield: 1 },
    ]);
  });

  it('a range of months adds their seams; a month without inspected seams has no rows', async () => {
    // April and May: May's seam i (Monday 08:00) joins Mañana: 4 seams, 3 first pass.
    expect(await yieldOf('2026-04', '2026-05')).toEqual([
      { shift: 'Fuera de turno', inspected_seams: 1, first_pass_seams: 0, yield: 0 },
      { shift: 'Mañana', inspected_seams: 4, first_pass_seams: 3, yield: 3 / 4 },
      { shift: 'Noche', inspected_seams: 2, first_pass_seams: 2, yield: 1 },
      { shift: 'Tarde', inspected_seams: 1, first_pass_seams: 1, yield: 1 },
    ]);
    expect(await yieldOf('2026-03', '2026-03')).toEqual([]);
  });

  it("the repair rate per operator and per project follow the seam's operators when its trace is saved again", async () => {
    // July 2026, one seam by Ana in project P-JULY, inspected 9000 mm with a 20 mm defect (not yet repaired):
    // Ana 1 seam, 9000 mm, nothing repaired. Its trace saved again with Beto alone: Beto's now, Ana has none.
    // Repaired and re-inspected: 1 of 1 seam and 20 of 9000 mm repaired, for Beto and for P-JULY.
    const rate = async (by: string) =>
      (await ok(await t.send(seed.carla.token, 'GET', `/api/welds/figures/repair-rate?by=${by}&from=2026-07&to=2026-07`))).rows.map(
        (r: RepairRateRow) => [r.label, r.inspected_seams, r.repaired_seams, r.inspected_length_mm, r.repaired_length_mm],
      );
    const token = seed.carla.token;
    const id = await circular(t, seed.ana, '2026-07-06', 'P-JULY');
    await trace(t, seed.ana.token, id, procedure, [seed.ana.id], [], '2026-07-06T08:00:00+02:00');
    const seam = await inspect(t, token, id, withDefect);
    expect(await rate('operator')).toEqual([['Ana', 1, 0, 9_000, 0]]);
    expect(await rate('project')).toEqual([['P-JULY', 1, 0, 9_000, 0]]);

    await trace(t, token, id, procedure, [seed.beto.id], [], '2026-07-06T08:00:00+02:00');
    expect(await rate('operator')).toEqual([['Beto', 1, 0, 9_000, 0]]);

    await repairAll(t, token, seam, procedure, seed.beto.id);
    expect(await rate('operator')).toEqual([['Beto', 1, 1, 9_000, 20]]);
    expect(await rate('project')).toEqual([['P-JULY', 1, 1, 9_000, 20]]);
  });
});
