import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import * as andon from '../src/modules/andon/repository';
import * as figures from '../src/modules/paradas/figures-repository';
import * as timeline from '../src/modules/paradas/timeline-repository';
import { pgUnavailable, type TestArco, useTestApp } from './helper';
import { finishedStop, insertRows, pg, queryPlans } from './plans';

// The arco timeline and the downtime analysis by shift read a nave's stops over a range of start
// times from paradas_arco_span_idx alone, one range per arco, never the arco's whole history nor the
// factory's days (docs/decisions/048-shift-reads-from-one-index.md).

describe.skipIf(pgUnavailable)('query plans of the timeline and the statistics by shift', () => {
  const t = useTestApp();
  const { plans, show, expectIndex, expectNoFullScan } = queryPlans(t);
  const engine = pg ? 'postgres' : 'sqlite';
  const arcos: TestArco[] = [];

  beforeAll(async () => {
    // A factory of 20 arcos, two of them in the nave read.
    for (let i = 0; i < 20; i++) arcos.push(await t.createArco(`Arco Franjas ${i}`, i < 2 ? 'Nave 1' : 'Nave 2'));
    const users = await Promise.all(arcos.slice(0, 2).map((a, i) => t.createWorker(a, `Franjas ${i}`)));
    // Five weeks of stops, one every hour and a half at each arco.
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 90 * 60_000).toISOString();
    await insertRows(t.db, 'paradas_kaiser', 12_000, (i) => finishedStop(users[i % 2].id, arcos[i % 20].id, at(Math.floor(i / 20))));
    await (pg ? sql`vacuum analyze` : sql`analyze`).execute(t.db);
  });

  it('reads a week of a nave from the span index', async () => {
    const all = [
      ...(await plans((db) =>
        timeline.arcoParadasOverlapping(db, [arcos[0].id, arcos[1].id], '2025-01-10T00:00:00.000Z', '2025-01-17T00:00:00.000Z'),
      )),
      ...(await plans((db) =>
        timeline.arcoParadaBars(db, engine, [arcos[0].id, arcos[1].id], [1], '2025-01-10T00:00:00.000Z', '2025-01-17T00:00:00.000Z'),
      )),
      ...(await plans((db) =>
        figures.finishedStopsOverlapping(
          db,
          engine,
          'Nave 1',
          '2025-01-10T00:00:00.000Z',
          '2025-01-20T00:00:00.000Z',
          '2025-01-09',
          '2025-01-21',
        ),
      )),
    ];
    // The handover's ended and running paradas, the timeline's ended and running ones written as JSON
    // (docs/decisions/053-timeline-without-running-bars.md), then the analysis's finished stops.
    expect(all.length, all.map(show).join('\n\n')).toBe(5);
    expectIndex(all[0], 'paradas_kaiser', 'paradas_arco_span_idx');
    expectIndex(all[2], 'paradas_kaiser', 'paradas_arco_span_idx');
    // PostgreSQL, which estimates a nave's arcos from the statistics of the moment, may take the factory's
    // days (paradas_date_idx) on tables this small; never a whole table.
    if (pg) expectNoFullScan(all[4], ['paradas_kaiser']);
    else expectIndex(all[4], 'p', 'paradas_arco_span_idx');
    // From the index alone on SQLite, by a range of start times (PostgreSQL's choice between an
    // index-only and a bitmap scan of it follows its statistics of the moment).
    if (!pg) {
      for (const p of [all[0], all[2], all[4]]) {
        expect(p.plan, show(p)).toMatch(
          /COVERING INDEX paradas_arco_span_idx \(arco_sumergido_id=\? AND start_time>\? AND start_time<\?\)/,
        );
      }
    }
  });

  it("reads the month's andon figures of a nave without its arcos' history", async () => {
    const [p] = await plans((db) => andon.paradaCallTimes(db, { from: '2025-01-01', to: '2025-01-31', nave: 'Nave 1' }));
    // PostgreSQL starts from the calls when it knows them few; SQLite walks the month of each arco in the index.
    expectNoFullScan(p, pg ? ['paradas_kaiser'] : ['paradas_kaiser', 'p']);
    if (!pg) expectIndex(p, 'p', 'paradas_arco_span_idx');
  });

  it('answers the stops of the nave and the range only', async () => {
    const stops = await figures.finishedStopsOverlapping(
      t.db,
      engine,
      'Nave 1',
      '2025-01-10T00:00:00.000Z',
      '2025-01-11T00:00:00.000Z',
      '2025-01-09',
      '2025-01-11',
    );
    // A day at the nave's two arcos: 16 stops each (those of the day before end before midnight).
    expect(new Set(stops.map((s) => s.arco_id))).toEqual(new Set([arcos[0].id, arcos[1].id]));
    expect(stops.length).toBe(32);
    expect(stops.every((s) => s.start_time >= '2025-01-10T00:00:00.000Z' && s.start_time < '2025-01-11T00:00:00.000Z')).toBe(true);
    // In no order (the split orders each arco's own), each with its id for the order of equal starts.
    expect(new Set(stops.map((s) => s.id)).size).toBe(32);
  });
});
