import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, type DbHandle } from '../src/db/index';
import { preparedStatementsPool } from '../src/db/pg-prepared';
import * as paradas from '../src/modules/paradas/repository';
import * as tramos from '../src/modules/tramos/repository';
import { pgUnavailable, schemaUrl, TEST_DB, useTestApp } from './helper';

// PostgreSQL runs the app's repeated queries as named prepared statements, with LIMIT written as a
// literal so the hot reads keep a generic plan (docs/decisions/021-postgres-prepared-statements.md).
// pg_prepared_statements lists one session's statements, so each check runs on a pool of one.

describe.skipIf(TEST_DB !== 'postgres' || pgUnavailable)('PostgreSQL prepared statements', () => {
  const t = useTestApp();
  let url: string;
  const opened: DbHandle[] = [];
  const open = (options: { preparedStatements?: boolean } = {}) => {
    const handle = createDb({ databaseUrl: url, sqliteFile: '', poolSize: 1, ...options });
    opened.push(handle);
    return handle.db;
  };
  const statements = async (db: Db) =>
    (
      await sql<{ name: string; statement: string; generic_plans: number; custom_plans: number }>`
        select name, statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db)
    ).rows;

  /** A scratch table of one row (1, 10) whose columns the test then changes. */
  const probeTable = async (db: Db, name: string) => {
    await sql`create table ${sql.table(name)} (id integer primary key, v integer)`.execute(db);
    await sql`insert into ${sql.table(name)} values (1, 10)`.execute(db);
  };

  beforeAll(async () => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    url = schemaUrl(rows[0].schema);
  });
  afterAll(async () => {
    for (const handle of opened) await handle.db.destroy();
  });

  it('runs a query seen twice as a named statement, and the hot reads get a generic plan', async () => {
    const db = open();
    const latest = tramos.latestTramos(db, 5, 0);
    const week = () => paradas.listParadas(db, { userId: 1, startDate: '2026-11-09', endDate: '2026-11-14', limit: 2000 });
    for (let i = 0; i < 8; i++) {
      expect(await latest.execute()).toEqual([]);
      expect(await week()).toEqual([]);
    }
    const prepared = await statements(db);
    const latestSql = latest.compile().sql;
    expect(latestSql).toMatch(/ limit 5$/);
    // Eight runs: the first unnamed, then one custom plan after another until PostgreSQL settles on
    // the generic plan it keeps.
    const hot = [
      prepared.find((s) => s.statement === latestSql),
      prepared.find((s) => s.statement.includes('from "paradas_kaiser" as "p"') && s.statement.includes('"p"."user_id" = $')),
    ];
    for (const statement of hot) {
      expect(statement).toBeDefined();
      expect(statement!.name).toMatch(/^portal_\d+$/);
      expect(statement!.generic_plans).toBeGreaterThan(0);
    }
  });

  it('writes a LIMIT as a literal and leaves out an OFFSET of 0; a later page keeps a parameter', () => {
    const db = open();
    const first = db.selectFrom('tramos').select('id').orderBy('id').limit(25).offset(0).compile();
    expect(first.sql).toBe('select "id" from "tramos" order by "id" limit 25');
    expect(first.parameters).toEqual([]);
    const third = db.selectFrom('tramos').select('id').orderBy('id').limit(25).offset(50).compile();
    expect(third.sql).toBe('select "id" from "tramos" order by "id" limit 25 offset $1');
    expect(third.parameters).toEqual([50]);
  });

  it('never prepares a query that reads *, so a column added by another instance cannot break it', async () => {
    const db = open();
    await probeTable(db, 'prep_star');
    const read = () =>
      db
        .selectFrom('prep_star' as 'naves')
        .selectAll()
        .execute();
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id: 1, v: 10 }]);
    expect((await statements(db)).filter((s) => s.statement.includes('prep_star'))).toEqual([]);
    await sql`alter table prep_star add column w integer`.execute(db);
    expect(await read()).toEqual([{ id: 1, v: 10, w: null }]);
  });

  it('runs a prepared query again unnamed when a column it reads changes type', async () => {
    const db = open();
    await probeTable(db, 'prep_type');
    const read = () =>
      db
        .selectFrom('prep_type' as 'naves')
        .select(sql<unknown>`v`.as('v'))
        .where(sql`id`, '=', 1)
        .execute();
    for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ v: 10 }]);
    expect((await statements(db)).filter((s) => s.statement.includes('prep_type'))).toHaveLength(1);
    // PostgreSQL refuses to run the prepared statement now ("cached plan must not change result type").
    await sql`alter table prep_type alter column v type text`.execute(db);
    expect(await read()).toEqual([{ v: '10' }]);
    expect(await read()).toEqual([{ v: '10' }]);
    // Inside a transaction the refusal cannot be retried: it surfaces, and the transaction rolls back.
    await sql`create table prep_tx (id integer primary key, v integer)`.execute(db);
    const readTx = (trx: Db) =>
      trx
        .selectFrom('prep_tx' as 'naves')
        .select(sql<unknown>`v`.as('v'))
        .execute();
    for (let i = 0; i < 3; i++) await readTx(db);
    await sql`alter table prep_tx alter column v type text`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into prep_tx values (1, '1')`.execute(trx);
        return readTx(trx);
      }),
    ).rejects.toMatchObject({ code: '0A000' });
    expect(await readTx(db)).toEqual([]);
  });

  it('prepares at most the given number of texts; the others run unnamed', async () => {
    const raw = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const pool = preparedStatementsPool(raw, 2);
      const client = await pool.connect();
      try {
        for (let round = 0; round < 3; round++) {
          for (const n of [1, 2, 3]) {
            const { rows } = await client.query<{ n: number }>(`select ${n}::int + $1::int as n`, [round]);
            expect(rows).toEqual([{ n: n + round }]);
          }
        }
        const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name', []);
        expect(rows.map((r) => r.name)).toEqual(['portal_1', 'portal_2']);
      } finally {
        client.release();
      }
    } finally {
      await raw.end();
    }
  });

  it('with PG_PREPARED_STATEMENTS=false every query runs unnamed, as Kysely sends it', async () => {
    const db = open({ preparedStatements: false });
    const latest = tramos.latestTramos(db, 5, 0);
    for (let i = 0; i < 3; i++) await latest.execute();
    expect(await statements(db)).toEqual([]);
    // Limit and offset stay bound parameters ($1 is the name shown for a deleted author, db/names.ts).
    expect(latest.compile().sql).toMatch(/ limit \$2 offset \$3$/);
  });
});
