import { exportMessages } from '@portal/contract/planta';
import { describe, expect, it } from 'vitest';
import { bearer, pgUnavailable, type TestApp, useSeed, useTestApp } from './helper';

/**
 * A stop over the turn of a month counts each minute once: in the month of the shift occurrence it
 * lies in, or, outside every worked shift, in the month it lies in; the CSV by shift gives the same
 * parts (docs/decisions/056-shift-figures-across-a-month.md). Default calendar: Mañana 06–14, Tarde
 * 14–22, Noche 22–06, Monday to Saturday.
 */
interface Analysis {
  total_minutes: number;
  arcos: { name: string; minutes: number; outside_minutes: number }[];
  shifts: { name: string; minutes: number }[];
}

type Stop = [arco: string, start: string, end: string];

/** Records the stops, one arco each, at a nave of their own; answers the months' analyses and the CSV's rows by shift. */
async function figures(t: TestApp, admin: string, nave: string, stops: Stop[], months: string[], range: [string, string]) {
  expect((await t.send(admin, 'POST', '/api/admin/naves', { name: nave })).statusCode).toBe(201);
  for (const [name, start_time, end_time] of stops) {
    const worker = await t.createWorker(await t.createArco(name, nave));
    const res = await t.send(worker.token, 'POST', '/api/paradas-kaiser/manual', { start_time, end_time });
    expect(res.statusCode, res.body).toBe(201);
  }
  const analyses: Record<string, Analysis> = {};
  for (const month of months) {
    const res = await t.send(admin, 'GET', `/api/admin/downtime?month=${month}&nave=${encodeURIComponent(nave)}`);
    expect(res.statusCode, res.body).toBe(200);
    analyses[month] = res.json();
  }
  const csv = await t.app.inject({
    method: 'GET',
    url: `/api/admin/export/paradas-kaiser.csv?startDate=${range[0]}&endDate=${range[1]}&nave=${encodeURIComponent(nave)}&by=shift`,
    headers: bearer(admin),
  });
  expect(csv.statusCode, csv.body).toBe(200);
  // Arco, then the three columns of the part: shift, its date, its minutes.
  const rows = csv.body
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => {
      const cells = line.split(';');
      return [cells[2], ...cells.slice(-3)].join(' ');
    });
  return { analyses, rows };
}

/** Per month: each arco's minutes in shifts and outside them, and each shift's minutes (those above 0). */
const perMonth = (analyses: Record<string, Analysis>) =>
  Object.fromEntries(
    Object.entries(analyses).map(([month, a]) => [
      month,
      {
        total: a.total_minutes,
        arcos: Object.fromEntries(a.arcos.map((r) => [r.name, [r.minutes, r.outside_minutes]])),
        shifts: Object.fromEntries(a.shifts.filter((s) => s.minutes > 0).map((s) => [s.name, s.minutes])),
      },
    ]),
  );

describe.skipIf(pgUnavailable)('a stop over the turn of a month (Europe/Madrid)', () => {
  const t = useTestApp({ FACTORY_TZ: 'Europe/Madrid' });
  const seed = useSeed(t, {});

  it('counts 1 October 05:30–06:30 and 30 September 23:00 – 1 October 07:00 once, per shift and in the CSV', async () => {
    const { analyses, rows } = await figures(
      t,
      seed.admin,
      'Nave Mes',
      [
        // Wednesday 1 October 2025 05:30–06:30 in Madrid: 30 minutes of Tuesday's Noche, 30 of Wednesday's Mañana.
        ['Arco Mes A', '2025-10-01T03:30:00Z', '2025-10-01T04:30:00Z'],
        // Tuesday 30 September 23:00 to 07:00: 420 minutes of that Noche, 60 of Wednesday's Mañana.
        ['Arco Mes B', '2025-09-30T21:00:00Z', '2025-10-01T05:00:00Z'],
      ],
      ['2025-09', '2025-10'],
      ['2025-09-30', '2025-10-01'],
    );
    expect(perMonth(analyses)).toEqual({
      '2025-09': { total: 450, arcos: { 'Arco Mes A': [30, 0], 'Arco Mes B': [420, 0] }, shifts: { Noche: 450 } },
      '2025-10': { total: 90, arcos: { 'Arco Mes A': [30, 0], 'Arco Mes B': [60, 0] }, shifts: { Mañana: 90 } },
    });
    expect(rows).toEqual([
      'Arco Mes B Noche 30/09/2025 420',
      'Arco Mes B Mañana 01/10/2025 60',
      'Arco Mes A Noche 30/09/2025 30',
      'Arco Mes A Mañana 01/10/2025 30',
    ]);
  });

  it('counts a day-long stop over the autumn night and the turn of the month once (31 October 2021, a Sunday)', async () => {
    // The clocks went back at 03:00 on Sunday 31 October 2021, the last day of the month: the closest
    // a change of time comes to the turn of a month in Madrid (always the last Sunday, at 02:00 or 03:00).
    // Sunday 01:30 (CEST) to Monday 1 November 00:30 (CET), 24 hours: 330 minutes of Saturday's
    // Noche (9 hours that night), the Sunday without shifts outside them, 1,080 minutes of it in
    // October and the 30 after midnight in November.
    const { analyses, rows } = await figures(
      t,
      seed.admin,
      'Nave Mes DST',
      [['Arco Mes C', '2021-10-30T23:30:00Z', '2021-10-31T23:30:00Z']],
      ['2021-10', '2021-11'],
      ['2021-10-31', '2021-10-31'],
    );
    expect(perMonth(analyses)).toEqual({
      '2021-10': { total: 330, arcos: { 'Arco Mes C': [330, 1080] }, shifts: { Noche: 330 } },
      '2021-11': { total: 0, arcos: { 'Arco Mes C': [0, 30] }, shifts: {} },
    });
    expect(rows).toEqual(['Arco Mes C Noche 30/10/2021 330', `Arco Mes C ${exportMessages.outsideShifts}  1110`]);
  });
});

describe.skipIf(pgUnavailable)('a stop over the turn of a month on the night the clocks go forward (Australia/Sydney)', () => {
  // A real change of time at a month's turn: Sydney went forward at 02:00 on Sunday 1 October 2023,
  // so the Noche of Saturday 30 September lasted 7 hours and crossed the turn of the month.
  const t = useTestApp({ FACTORY_TZ: 'Australia/Sydney' });
  const seed = useSeed(t, {});

  it('counts the night once, per shift and in the CSV', async () => {
    const { analyses, rows } = await figures(
      t,
      seed.admin,
      'Nave Sydney',
      [
        // Sunday 1 October 2023 05:30–06:30 (AEDT): 30 minutes of the Noche, 30 outside (no shift on Sundays).
        ['Arco Sydney A', '2023-09-30T18:30:00Z', '2023-09-30T19:30:00Z'],
        // Saturday 30 September 23:00 (AEST) to Sunday 07:00 (AEDT), 7 hours: 360 minutes of the Noche, 60 outside.
        ['Arco Sydney B', '2023-09-30T13:00:00Z', '2023-09-30T20:00:00Z'],
      ],
      ['2023-09', '2023-10'],
      ['2023-09-30', '2023-10-01'],
    );
    expect(perMonth(analyses)).toEqual({
      '2023-09': { total: 390, arcos: { 'Arco Sydney A': [30, 0], 'Arco Sydney B': [360, 0] }, shifts: { Noche: 390 } },
      '2023-10': { total: 0, arcos: { 'Arco Sydney A': [0, 30], 'Arco Sydney B': [0, 60] }, shifts: {} },
    });
    expect(rows).toEqual([
      'Arco Sydney B Noche 30/09/2023 360',
      `Arco Sydney B ${exportMessages.outsideShifts}  60`,
      'Arco Sydney A Noche 30/09/2023 30',
      `Arco Sydney A ${exportMessages.outsideShifts}  30`,
    ]);
  });
});
