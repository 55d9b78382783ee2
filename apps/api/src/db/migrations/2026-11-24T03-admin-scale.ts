import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The admin lists page, filter and sort on the server (docs/decisions/018-admin-lists-at-scale.md).
// Each filter and sort gets an index whose order is the answer's, so a page reads its rows and stops
// (apps/api/test/admin-list-plans.test.ts checks the plans on both engines). The totals of users,
// wall posts and comments move to a rollup row per table kept by triggers in the same transaction,
// like the tramos and stops rollups of migration 2026-11-21T05: PostgreSQL counts rows one by one.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['paradas_arco_date_idx', 'paradas_kaiser', ['arco_sumergido_id', 'date', 'start_time', 'id']],
  // Appended after the first merge (nothing deployed yet): the admin list's motivo filter.
  ['paradas_motivo_date_idx', 'paradas_kaiser', ['motivo_id', 'date', 'start_time', 'id']],
  ['paradas_duration_idx', 'paradas_kaiser', ['duration_minutes', 'id']],
  // Circulares list newest by their date first (a range of dates is the usual filter).
  ['tramos_arco_fecha_idx', 'tramos', ['arco_sumergido_id', 'circular_fecha', 'id']],
  ['tramos_nave_fecha_idx', 'tramos', ['nave_id', 'circular_fecha', 'id']],
  ['tramos_user_fecha_idx', 'tramos', ['user_id', 'circular_fecha', 'id']],
  ['tramos_id_tramo_idx', 'tramos', ['id_tramo', 'id']],
  ['wall_posts_user_id_idx', 'wall_posts', ['user_id', 'id']],
  ['wall_posts_created_idx', 'wall_posts', ['created_at', 'id']],
  ['wall_posts_likes_idx', 'wall_posts', ['like_count', 'id']],
  ['wall_posts_comments_idx', 'wall_posts', ['comment_count', 'id']],
  ['wall_comments_user_id_idx', 'wall_comments', ['user_id', 'id']],
  ['wall_comments_created_idx', 'wall_comments', ['created_at', 'id']],
  ['users_name_idx', 'users', ['name', 'id']],
  ['users_created_idx', 'users', ['created_at', 'id']],
];

// Circulares and stops too (added after the first merge; nothing deployed yet): their monthly rollups
// are updated once per row written, and on PostgreSQL such a table keeps its dead row versions' pages,
// so summing its few live rows read thousands of pages; one row read by its key does not.
const COUNTED = ['users', 'wall_posts', 'wall_comments', 'tramos', 'paradas_kaiser'] as const;

async function rollup(db: AnyDb, pg: boolean) {
  await db.schema
    .createTable('dashboard_totals')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const table of COUNTED) {
    await sql`insert into dashboard_totals (name, count) select ${table}, count(*) from ${sql.table(table)}`.execute(db);
  }
  const bump = (table: string, sign: '+' | '-') => `update dashboard_totals set count = count ${sign} 1 where name = '${table}';`;
  if (pg) {
    await sql
      .raw(`create function dashboard_totals_rollup() returns trigger language plpgsql as $body$
      begin
        if tg_op = 'INSERT' then
          update dashboard_totals set count = count + 1 where name = tg_table_name;
        else
          update dashboard_totals set count = count - 1 where name = tg_table_name;
        end if;
        return null;
      end
      $body$`)
      .execute(db);
    for (const table of COUNTED) {
      await sql
        .raw(`create trigger ${table}_total_aid after insert or delete on ${table} for each row execute function dashboard_totals_rollup()`)
        .execute(db);
    }
  } else {
    for (const table of COUNTED) {
      await sql.raw(`create trigger ${table}_total_ai after insert on ${table} begin ${bump(table, '+')} end`).execute(db);
      await sql.raw(`create trigger ${table}_total_ad after delete on ${table} begin ${bump(table, '-')} end`).execute(db);
    }
  }
}

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
  // Running stops are few: a partial index finds them without reading the finished ones.
  await db.schema
    .createIndex('paradas_active_date_idx')
    .on('paradas_kaiser')
    .columns(['date', 'start_time', 'id'])
    .where(sql.ref('end_time'), 'is', null)
    .execute();
  // A station's posts of every wall, newest first. On an expression, so that the planners keep the
  // station walls' own index (wall_posts_wall_idx) for a wall's page, which filters on the bare column.
  await sql`create index wall_posts_station_id_idx on wall_posts ((coalesce(arco_sumergido_id, 0)), id)`.execute(db);
  await rollup(db, pg);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of COUNTED) {
    if (pg) await sql.raw(`drop trigger if exists ${table}_total_aid on ${table}`).execute(db);
    else for (const t of ['ai', 'ad']) await sql.raw(`drop trigger if exists ${table}_total_${t}`).execute(db);
  }
  if (pg) await sql`drop function if exists dashboard_totals_rollup()`.execute(db);
  await db.schema.dropTable('dashboard_totals').ifExists().execute();
  await db.schema.dropIndex('paradas_active_date_idx').execute();
  await db.schema.dropIndex('wall_posts_station_id_idx').execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
