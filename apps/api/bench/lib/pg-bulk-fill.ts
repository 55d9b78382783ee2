import { type Kysely, sql } from 'kysely';

/**
 * A bench's bulk fill on PostgreSQL, as a data load would do it: the secondary indexes of `tables`
 * (every index no constraint stands on: not primary keys, unique constraints or what a foreign key
 * points at) are dropped, and the user triggers of `withoutTriggers` (the rollups of
 * migrations 2026-11-21T05 and 2026-11-24T03) disabled, while `fill` runs; then the triggers are enabled
 * again, each index is rebuilt from its own definition (`pg_get_indexdef`, so the schema stays the
 * app's), `rebuild` puts right what the disabled triggers would have kept, and the tables are
 * vacuumed and analysed. Foreign keys and primary keys stay checked throughout. Answers the seconds
 * each phase took.
 */
export async function pgBulkFill(
  // biome-ignore lint/suspicious/noExplicitAny: the bench's lookup tables are not in the app's types
  db: Kysely<any>,
  options: { tables: string[]; withoutTriggers: string[]; rebuild: () => Promise<void> },
  fill: () => Promise<void>,
): Promise<{ fill: number; indexes: number; rebuild: number; vacuum: number; rebuilt: string[] }> {
  const seconds = (since: number) => (performance.now() - since) / 1000;
  const indexes = await sql<{ name: string; def: string }>`
    select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_class ic on ic.oid = i.indexrelid
    where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      and c.relname = any(${options.tables})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname, ic.relname
  `.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
  for (const table of options.withoutTriggers) await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
  let t = performance.now();
  try {
    await fill();
  } finally {
    for (const table of options.withoutTriggers) await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
  }
  const filled = seconds(t);
  t = performance.now();
  // One connection, so its own maintenance_work_mem holds for every build (a GIN trigram index builds
  // many times faster with room to sort in).
  await db.connection().execute(async (c) => {
    await sql`set maintenance_work_mem = '512MB'`.execute(c);
    for (const index of indexes.rows) await sql.raw(index.def).execute(c);
    await sql`reset maintenance_work_mem`.execute(c);
  });
  const built = seconds(t);
  t = performance.now();
  await options.rebuild();
  const rebuilt = seconds(t);
  t = performance.now();
  for (const table of options.tables) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  return { fill: filled, indexes: built, rebuild: rebuilt, vacuum: seconds(t), rebuilt: indexes.rows.map((r) => r.name) };
}

/**
 * The circulares' rollups (dashboard_tramos_monthly, dashboard_user_totals.tramo_count and
 * dashboard_totals' 'tramos') recounted from `tramos` in one statement, after a fill without their
 * triggers. PostgreSQL only (data-modifying WITH).
 */
export async function rebuildTramoRollups(
  // biome-ignore lint/suspicious/noExplicitAny: see pgBulkFill
  db: Kysely<any>,
): Promise<void> {
  await sql`
    with monthly as (
      insert into dashboard_tramos_monthly (month, count)
      select substr(circular_fecha, 1, 7), count(*) from tramos group by substr(circular_fecha, 1, 7)
      on conflict (month) do update set count = excluded.count
    ), per_user as (
      insert into dashboard_user_totals (user_id, tramo_count, kaiser_stop_count)
      select user_id, count(*), 0 from tramos where user_id is not null group by user_id
      on conflict (user_id) do update set tramo_count = excluded.tramo_count
    )
    update dashboard_totals set count = (select count(*) from tramos) where name = 'tramos'
  `.execute(db);
}
