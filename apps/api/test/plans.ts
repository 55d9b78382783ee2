import { CompiledQuery as Compiled, type CompiledQuery, type Insertable, type KyselyPlugin, sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/index';
import type { Database } from '../src/db/types';
import { TEST_DB, type TestApp } from './helper';

// The query-plan checks of query-plans.test.ts and admin-list-plans.test.ts: the SQL is captured from
// the real repository functions (a Kysely plugin compiles every query they run), then explained.

/** Records the compiled SQL of every query run through it. */
class Capture implements KyselyPlugin {
  queries: CompiledQuery[] = [];
  constructor(private readonly db: Db) {}
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

export interface Plan {
  sql: string;
  plan: string;
}

export const pg = TEST_DB === 'postgres';

/** `count` accounts that never sign in (worker IDs `<prefix><i>`, names `<name> <i>`), oldest first; answers their ids. */
export async function insertPeople(db: Db, count: number, prefix: string, name: string, nave_id: number | null): Promise<number[]> {
  const stamp = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    worker_id: `${prefix}${i}`,
    name: `${name} ${i}`,
    password_hash: 'not-a-login',
    role: 'user' as const,
    nave_id,
    created_at: stamp,
    updated_at: stamp,
  }));
  return (await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id);
}

/** A finished 15-minute stop of generated history, dated by its start's UTC day (no row here crosses midnight). */
export function finishedStop(user_id: number, arco_sumergido_id: number, start: string): Insertable<Database['paradas_kaiser']> {
  const end = new Date(Date.parse(start) + 15 * 60_000).toISOString();
  return {
    user_id,
    arco_sumergido_id,
    date: start.slice(0, 10),
    start_time: start,
    end_time: end,
    duration_minutes: 15,
    description: null,
    created_at: end,
    updated_at: end,
  };
}

/** Inserts `count` generated rows, in batches under SQLite's limit of bound variables per statement. */
export async function insertRows<T extends keyof Database>(
  db: Db,
  table: T,
  count: number,
  row: (i: number) => Insertable<Database[T]>,
): Promise<void> {
  for (let start = 0; start < count; start += 400) {
    const rows = Array.from({ length: Math.min(400, count - start) }, (_, k) => row(start + k));
    await db
      .insertInto(table)
      .values(rows as never)
      .execute();
  }
}

/** The plan helpers bound to a test app's database. */
export function queryPlans(t: TestApp) {
  /** Runs `work` against the real database and returns each query it made with its plan. */
  async function plans(work: (db: Db) => Promise<unknown>): Promise<Plan[]> {
    return t.db.connection().execute(async (conn) => {
      if (pg) await sql`set enable_seqscan = off`.execute(conn);
      try {
        const capture = new Capture(conn);
        await work(conn.withPlugin(capture));
        const out: Plan[] = [];
        for (const q of capture.queries) {
          const explain = await conn.executeQuery<Record<string, string>>(
            Compiled.raw(`${pg ? 'explain' : 'explain query plan'} ${q.sql}`, [...q.parameters]),
          );
          const lines = explain.rows.map((r) => (pg ? r['QUERY PLAN'] : r.detail));
          out.push({ sql: q.sql, plan: lines.join('\n') });
        }
        return out;
      } finally {
        if (pg) await sql`reset enable_seqscan`.execute(conn);
      }
    });
  }

  const show = (p: Plan) => `${p.sql}\n---\n${p.plan}`;

  /** The plan reads `table` (SQLite alias or PostgreSQL table) through `index`, and never scans it whole. */
  function expectIndex(p: Plan, table: string, index: string) {
    if (pg) {
      expect(p.plan, show(p)).toMatch(
        new RegExp(`(Index Scan|Index Only Scan|Index Scan Backward|Bitmap Index Scan) (Backward )?(using|on) ${index}\\b`),
      );
      expect(p.plan, show(p)).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    } else {
      expect(p.plan, show(p)).toMatch(new RegExp(`SEARCH ${table} USING (COVERING )?INDEX ${index} \\(`));
      expect(p.plan, show(p)).not.toMatch(new RegExp(`SCAN ${table}(\\s|$)`));
    }
  }
  /** No big table is read in full anywhere in the plan. */
  function expectNoFullScan(p: Plan, tables: string[]) {
    for (const table of tables) {
      if (pg) expect(p.plan, show(p)).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
      else expect(p.plan, show(p)).not.toMatch(new RegExp(`SCAN ${table}(\\s|$)`));
    }
  }
  /**
   * The index gives the rows in the answer's order, so LIMIT stops early. Checked on SQLite only:
   * PostgreSQL may rather sort the few rows a bitmap index scan returned, which is as cheap.
   */
  const expectNoSort = (p: Plan) => {
    if (!pg) expect(p.plan, show(p)).not.toMatch(/TEMP B-TREE/);
  };

  return { plans, show, expectIndex, expectNoFullScan, expectNoSort };
}
