import { spansSince, type TimelineResponse, withRunning, workedSpans } from '@portal/contract/timeline';
import { describe, expect, it } from 'vitest';
import { fakeClock, pgUnavailable, useSeed, useTestApp } from './helper';

/**
 * An arco is planned and drawn running only from its creation on (docs/decisions/056-shift-figures-across-a-month.md):
 * one created tonight gets no planned time from the 1st of the month, and the timeline's day and week
 * draw no 'En marcha' before it existed. Default calendar; Wednesday 12 March 2025, Madrid UTC+1.
 */
const NAVE = 'Nave Nueva';

describe.skipIf(pgUnavailable)('an arco created tonight', () => {
  const t = useTestApp();
  const seed = useSeed(t, {});

  it('is planned from its creation in the analysis, and runs from then on in the timeline', async () => {
    // 22:30 on Wednesday 12 March, half an hour into the Noche.
    const clock = fakeClock(Date.parse('2025-03-12T21:30:00Z'));
    expect((await t.send(seed.admin, 'POST', '/api/admin/naves', { name: NAVE })).statusCode).toBe(201);
    const old = await t.createArco('Arco Viejo', NAVE);
    const created = await t.send(seed.admin, 'POST', '/api/admin/arcos-sumergidos', { name: 'Arco Nuevo', nave: NAVE });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = created.json().id as number;
    const createdAt = new Date().toISOString();
    // 00:30 on Thursday: two hours of the Noche since.
    clock.travel(2 * 3600_000);

    const res = await t.send(seed.admin, 'GET', `/api/admin/downtime?month=2025-03&nave=${encodeURIComponent(NAVE)}`);
    expect(res.statusCode, res.body).toBe(200);
    const analysis = res.json() as {
      arcos: { arco_id: number; planned_minutes: number; availability: number | null; break_minutes: number }[];
      shifts: { name: string; planned_minutes: number }[];
    };
    const byId = new Map(analysis.arcos.map((a) => [a.arco_id, a]));
    expect(byId.get(fresh)).toMatchObject({ planned_minutes: 120, availability: 1, break_minutes: 0 });
    // The old arco has the month so far: nine days of 24 h (1 to 11 March but Sunday
    // the 2nd and 9th), and Wednesday 12th until now (Mañana, Tarde, 150 minutes of Noche).
    expect(byId.get(old.id)?.planned_minutes).toBe(9 * 1440 + 16 * 60 + 150);
    // Each shift's planned time is its stations' sum.
    const noche = analysis.shifts.find((s) => s.name === 'Noche')!;
    expect(noche.planned_minutes).toBe(9 * 480 + 30 + 120 + 120);
    expect(analysis.shifts.reduce((sum, s) => sum + s.planned_minutes, 0)).toBe(
      analysis.arcos.reduce((sum, a) => sum + a.planned_minutes, 0),
    );

    // The timeline of the day and of the week: the new arco runs from its creation only.
    for (const from of ['2025-03-11T23:00:00.000Z', '2025-03-09T23:00:00.000Z']) {
      const to = new Date(Date.parse(from) + (from.startsWith('2025-03-11') ? 1 : 7) * 86_400_000).toISOString();
      const tl = await t.send(seed.admin, 'GET', `/api/timeline?nave=${encodeURIComponent(NAVE)}&from=${from}&to=${to}`);
      expect(tl.statusCode, tl.body).toBe(200);
      const answer = tl.json() as TimelineResponse;
      const worked = workedSpans(answer);
      const rows = new Map(answer.arcos.map((a) => [a.id, withRunning(a.bars, spansSince(worked, a.since))]));
      expect(answer.arcos.find((a) => a.id === fresh)?.since).toBe(createdAt);
      expect(answer.arcos.find((a) => a.id === old.id)?.since).toBeUndefined();
      const running = (id: number) => rows.get(id)!.filter((b) => b[0] === 'running');
      const day = from.startsWith('2025-03-11');
      // Tonight's Noche from the creation: up to the day's end, or up to now in the week.
      expect(running(fresh).map((b) => [new Date(b[1]).toISOString(), new Date(b[2]).toISOString()])).toEqual([
        [createdAt, day ? '2025-03-12T23:00:00.000Z' : '2025-03-12T23:30:00.000Z'],
      ]);
      // The old arco from the range's first worked minute: Tuesday's Noche at midnight, or Monday's Mañana.
      expect(new Date(running(old.id)[0][1]).toISOString()).toBe(day ? '2025-03-11T23:00:00.000Z' : '2025-03-10T05:00:00.000Z');
    }
  });
});
