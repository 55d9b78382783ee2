import { beforeAll, describe, expect, it } from 'vitest';
import { pgUnavailable, useSeed, useTestApp } from './helper';
import { approvedProcedure, circular, inspect, inspection, ok, qualify, trace } from './welds-helpers';

// First-pass yield per shift at the shifts' edges, on both engines: the database counts the seams
// within each shift's occurrence (docs/decisions/097-weld-figures-at-scale-on-both-engines.md), start
// included, end excluded, with a day's margin each side of the months.
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

describe.skipIf(pgUnavailable)('first-pass yield at the shifts’ edges', () => {
  const t = useTestApp();
  const seed = useSeed(t, {
    arcos: { a1: 'A1' },
    workers: { ana: ['a1', 'Ana'], carla: ['a1', 'Carla Calidad'] },
  });

  beforeAll(async () => {
    await ok(await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.carla.id}/weld-roles`, { calidad: ['Nave 1'] }));
    const token = seed.carla.token;
    const procedure = await approvedProcedure(t, token, 'P-EDGE', '2026-01-01');
    await qualify(t, token, seed.ana.id, '2026-01-01', '2028-01-01');
    const seam = async (date: string, weldedAt: string, inspected: 'no' | 'clean' | 'defect') => {
      const id = await circular(t, seed.ana, date, 'P-EDGE');
      await trace(t, seed.ana.token, id, procedure, [seed.ana.id], [], weldedAt);
      if (inspected === 'clean') await inspect(t, token, id, inspection({ inspected_length_mm: 9_000 }));
      if (inspected === 'defect')
        await inspect(
          t,
          token,
          id,
          inspection({
            inspected_length_mm: 9_000,
            result: 'reparar',
            defects: [{ code: '2011', position_mm: 10, length_mm: 20, level: 'C' }],
          }),
        );
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
});
