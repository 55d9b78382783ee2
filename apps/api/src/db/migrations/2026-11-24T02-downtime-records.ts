import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Downtime records (docs/decisions/017-downtime-records.md): a Kaiser stop belongs to its station.
// - At most one active stop per arco, guaranteed by a partial unique index even under concurrent starts.
// - Released databases may already hold overlapping stops at one arco (two workers timed the same
//   stoppage). A migration never deletes data, so those rows stay; instead:
//   * `duplicate_of` marks every active stop but the earliest at its arco, and the unique index leaves
//     marked rows out, so it can be created whatever the old data holds;
//   * `counted_minutes` holds the minutes of a stop not already covered by an earlier stop at its arco
//     (null means all of duration_minutes), and the rollups and the board add those, so a station's
//     downtime counts once.
// - `ended_by`: who ended the stop (any worker at the arco may).

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

interface LegacyRow {
  id: number;
  arco_sumergido_id: number;
  start_time: string;
  end_time: string | null;
  duration_minutes: number | null;
}

const minutesBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 60_000);

/**
 * Finds the stops that overlap an earlier one at their arco. Only the arcos where some overlap exists
 * are read row by row: a window over the table flags them without loading it.
 */
async function markLegacyOverlaps(db: AnyDb) {
  const arcos = await sql<{ arco: number }>`
    select distinct arco from (
      select arco_sumergido_id as arco, start_time,
        max(coalesce(end_time, '9999')) over (
          partition by arco_sumergido_id order by start_time, id rows between unbounded preceding and 1 preceding
        ) as prev_end
      from paradas_kaiser
    ) w
    where prev_end > start_time
  `.execute(db);
  for (const { arco } of arcos.rows) {
    const rows: LegacyRow[] = await db
      .selectFrom('paradas_kaiser')
      .select(['id', 'arco_sumergido_id', 'start_time', 'end_time', 'duration_minutes'])
      .where('arco_sumergido_id', '=', arco)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
    let coveredUntil = '';
    let firstActive: number | null = null;
    for (const row of rows) {
      if (row.end_time === null) {
        if (firstActive === null) firstActive = row.id;
        else await db.updateTable('paradas_kaiser').set({ duplicate_of: firstActive }).where('id', '=', row.id).execute();
        coveredUntil = '9999';
        continue;
      }
      if (coveredUntil > row.start_time) {
        const from = coveredUntil > row.end_time ? row.end_time : coveredUntil;
        const counted = Math.max(0, minutesBetween(from, row.end_time));
        await db.updateTable('paradas_kaiser').set({ counted_minutes: counted }).where('id', '=', row.id).execute();
      }
      if (row.end_time > coveredUntil) coveredUntil = row.end_time;
    }
  }
}

/** The monthly minutes of the statistics, recomputed with each stop counted once. */
async function recountMonthlyMinutes(db: AnyDb) {
  await sql`
    update dashboard_paradas_monthly set total_duration = coalesce((
      select sum(coalesce(p.counted_minutes, p.duration_minutes)) from paradas_kaiser p
      where substr(p.date, 1, 7) = dashboard_paradas_monthly.month
    ), 0)
  `.execute(db);
}

// The rollup triggers of 2026-11-21T05-dashboard-rollups, now adding the counted minutes.
const paradaMonth = (rec: string, sign: '+' | '-') =>
  sign === '+'
    ? `insert into dashboard_paradas_monthly (month, count, total_duration)
         values (substr(${rec}.date, 1, 7), 1, coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0))
         on conflict (month) do update set count = dashboard_paradas_monthly.count + 1,
           total_duration = dashboard_paradas_monthly.total_duration + coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0);`
    : `update dashboard_paradas_monthly set count = count - 1,
         total_duration = total_duration - coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0)
         where month = substr(${rec}.date, 1, 7);`;

const userCount = (rec: string, sign: '+' | '-') =>
  sign === '+'
    ? `insert into dashboard_user_totals (user_id, tramo_count, kaiser_stop_count)
         select ${rec}.user_id, 0, 1 where ${rec}.user_id is not null
         on conflict (user_id) do update set kaiser_stop_count = dashboard_user_totals.kaiser_stop_count + 1;`
    : `update dashboard_user_totals set kaiser_stop_count = kaiser_stop_count - 1 where user_id = ${rec}.user_id;`;

const paradaSide = (rec: string, sign: '+' | '-') => `${paradaMonth(rec, sign)}\n${userCount(rec, sign)}`;

const PARADA_CHANGED =
  'old.date is distinct from new.date or old.duration_minutes is distinct from new.duration_minutes or old.user_id is distinct from new.user_id or old.counted_minutes is distinct from new.counted_minutes';

async function replaceParadaTriggers(db: AnyDb, pg: boolean) {
  if (pg) {
    await sql.raw('drop trigger if exists dashboard_paradas_aid on paradas_kaiser').execute(db);
    await sql.raw('drop trigger if exists dashboard_paradas_au on paradas_kaiser').execute(db);
    await sql
      .raw(`create or replace function dashboard_paradas_rollup() returns trigger language plpgsql as $body$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${paradaSide('old', '-')}
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${paradaSide('new', '+')}
          end if;
          return null;
        end
        $body$`)
      .execute(db);
    await sql
      .raw(`create trigger dashboard_paradas_aid after insert or delete on paradas_kaiser
        for each row execute function dashboard_paradas_rollup()`)
      .execute(db);
    await sql
      .raw(`create trigger dashboard_paradas_au after update of date, duration_minutes, user_id, counted_minutes on paradas_kaiser
        for each row when (${PARADA_CHANGED}) execute function dashboard_paradas_rollup()`)
      .execute(db);
    return;
  }
  for (const t of ['dashboard_paradas_ai', 'dashboard_paradas_ad', 'dashboard_paradas_au']) {
    await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  const cond = PARADA_CHANGED.replaceAll('is distinct from', 'is not');
  for (const s of [
    `create trigger dashboard_paradas_ai after insert on paradas_kaiser begin ${paradaSide('new', '+')} end`,
    `create trigger dashboard_paradas_ad after delete on paradas_kaiser begin ${paradaSide('old', '-')} end`,
    `create trigger dashboard_paradas_au after update of date, duration_minutes, user_id, counted_minutes on paradas_kaiser
       when ${cond}
       begin ${paradaSide('old', '-')} ${paradaSide('new', '+')} end`,
  ]) {
    await sql.raw(s).execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('paradas_kaiser')
    .addColumn('ended_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('paradas_kaiser').addColumn('duplicate_of', 'integer').execute();
  await db.schema.alterTable('paradas_kaiser').addColumn('counted_minutes', 'integer').execute();
  await markLegacyOverlaps(db);
  await sql`
    create unique index paradas_one_active_per_arco on paradas_kaiser (arco_sumergido_id)
    where end_time is null and duplicate_of is null
  `.execute(db);
  await replaceParadaTriggers(db, pg);
  await recountMonthlyMinutes(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists paradas_one_active_per_arco`.execute(db);
  await db.schema.alterTable('paradas_kaiser').dropColumn('counted_minutes').execute();
  await db.schema.alterTable('paradas_kaiser').dropColumn('duplicate_of').execute();
  await db.schema.alterTable('paradas_kaiser').dropColumn('ended_by').execute();
}
