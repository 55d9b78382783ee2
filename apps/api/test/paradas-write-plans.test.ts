import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import * as paradas from '../src/modules/paradas/repository';
import { pgUnavailable, type TestArco, useTestApp } from './helper';
import { finishedStop, insertRows, type Plan, pg, queryPlans } from './plans';

// The reads of a stop's start, end, manual entry and edit must not walk the history of the user or
// the arco (docs/decisions/022-stop-write-indexes.md). With three years of stops SQLite did, once
// ANALYZE had seen the partial indexes of running stops empty: 50 ms a start or an end. Checked with
// the planners' statistics absent (a SQLite database nobody analysed) and after ANALYZE with no stop
// running, on thousands of finished stops at two arcos.

/** Indexes over an owner's whole history: a write's check must not walk them. */
const HISTORY = /paradas_(user_start|user_date|arco|arco_date|date|motivo_date)_idx\b/;

describe.skipIf(pgUnavailable)("query plans of a stop's writes", () => {
  const t = useTestApp();
  const { plans, show, expectNoFullScan } = queryPlans(t);
  let arco: TestArco;
  let userId: number;

  beforeAll(async () => {
    arco = await t.createArco('Arco Escrituras');
    const other = await t.createArco('Arco Escrituras 2');
    const w1 = await t.createWorker(arco, 'Escrituras Uno');
    const w2 = await t.createWorker(other, 'Escrituras Dos');
    userId = w1.id;
    const at = (i: number, minutes: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 + minutes * 60_000).toISOString();
    await insertRows(t.db, 'paradas_kaiser', 6000, (i) => finishedStop(i % 2 ? w1.id : w2.id, i % 2 ? arco.id : other.id, at(i, 10)));
  });

  // A week after the last seeded stop, as a start or end today would ask.
  const start = '2025-10-01T08:00:00.000Z';
  const end = '2025-10-01T09:00:00.000Z';
  const writesReads = (db: Db) => [
    () => paradas.findActiveParada(db, userId),
    () => paradas.findActiveAtArco(db, arco.id),
    () => paradas.earlierOverlapping(db, arco.id, 1, start),
    () => paradas.findOverlap(db, { user: userId }, start, end),
    () => paradas.findOverlap(db, { arco: arco.id }, start, end, 1),
    () => paradas.partlyCounted(db, arco.id),
  ];

  async function expectShortReads() {
    const all: Plan[] = [];
    for (let i = 0; i < 6; i++) all.push(...(await plans((db) => writesReads(db)[i]())));
    expect(all.length).toBe(9);
    for (const p of all) {
      expect(p.plan, show(p)).not.toMatch(HISTORY);
      expect(p.plan, show(p)).toMatch(/paradas_(user_end|arco_end|partly_counted|active_date)_idx|paradas_one_active_per_(user|arco)/);
      expectNoFullScan(p, pg ? ['paradas_kaiser'] : ['paradas_kaiser', 'p']);
    }
  }

  it('keeps to the running stops and the latest ended ones without statistics', async () => {
    if (!pg) await sql`drop table if exists sqlite_stat1`.execute(t.db);
    await expectShortReads();
  });

  it('keeps to them after ANALYZE saw no stop running', async () => {
    await (pg ? sql`vacuum analyze` : sql`analyze`).execute(t.db);
    await expectShortReads();
  });

  it('answers as before: the running stop, the overlaps of a span, the earlier stops still running', async () => {
    const running = await t.db
      .insertInto('paradas_kaiser')
      .values({
        user_id: userId,
        arco_sumergido_id: arco.id,
        date: '2025-10-01',
        start_time: '2025-10-01T07:30:00.000Z',
        end_time: null,
        duration_minutes: null,
        description: null,
        created_at: start,
        updated_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await paradas.findActiveParada(t.db, userId))?.id).toBe(running.id);
    expect((await paradas.findActiveAtArco(t.db, arco.id))?.id).toBe(running.id);
    expect(await paradas.findOverlap(t.db, { user: userId }, start, end)).toEqual({ id: running.id });
    expect(await paradas.findOverlap(t.db, { user: userId }, start, end, running.id)).toBeUndefined();
    // Before the running stop began: only a finished stop of that hour overlaps.
    const seeded = await paradas.findOverlap(t.db, { arco: arco.id }, '2025-01-01T01:00:00.000Z', '2025-01-01T01:20:00.000Z', running.id);
    expect(seeded).toBeDefined();
    const row = await t.db.selectFrom('paradas_kaiser').selectAll().where('id', '=', seeded!.id).executeTakeFirstOrThrow();
    expect([row.start_time, row.end_time]).toEqual(['2025-01-01T01:10:00.000Z', '2025-01-01T01:25:00.000Z']);
    // Touching ends do not overlap.
    expect(
      await paradas.findOverlap(t.db, { arco: arco.id }, '2025-01-01T01:25:00.000Z', '2025-01-01T02:10:00.000Z', running.id),
    ).toBeUndefined();
    // A stop starting inside the running one finds it as earlier and still running.
    expect((await paradas.earlierOverlapping(t.db, arco.id, running.id + 1, start)).map((r) => r.id)).toEqual([running.id]);
    await t.db.deleteFrom('paradas_kaiser').where('id', '=', running.id).execute();
  });
});
