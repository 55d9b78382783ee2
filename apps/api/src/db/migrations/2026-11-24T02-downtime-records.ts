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
// - motivos: the admin-managed list of stop reasons; a stop may name one (motivo_id). A retired
//   motivo (active = false) stays on the stops that have it.
// - audit_log: who changed which stop, circular or account, when, and the fields before and after.
//   No foreign keys: a deleted record (or author) keeps its rows.
// - downtime_monthly: minutes and stops per (factory month, arco, motivo; 0 = none), kept by triggers
//   in the writing transaction like the dashboard rollups, so the downtime analysis of a month reads a
//   few hundred rows whatever the size of paradas_kaiser. Minutes are the counted ones (each arco
//   minute once) of finished stops.
// - downtime_planned_minutes: the planned working time per ISO weekday (1 Monday .. 7 Sunday), set by
//   an admin; 24 h Monday to Saturday to start with.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

interface LegacyRow {
  id: number;
  arco_sumergido_id: number;
  start_time: string;
  end_time: string | null;
  duration_minutes: number | null;
}

// The motivos a new database starts with (a copy: migrations import no app code).
const MOTIVOS = [
  'Cambio de bobina de hilo',
  'Fundente',
  'Avería mecánica',
  'Avería eléctrica',
  'Falta de material',
  'Ajuste de calidad',
  'Limpieza',
  'Otro',
];

async function createMotivos(db: AnyDb, pg: boolean) {
  await db.schema
    .createTable('motivos')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    // 1 active, 0 retired (an integer: SQLite has no boolean to bind).
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await db
    .insertInto('motivos')
    .values(MOTIVOS.map((name) => ({ name, active: 1, created_at: at, updated_at: at })))
    .execute();
  await db.schema
    .alterTable('paradas_kaiser')
    .addColumn('motivo_id', 'integer', (c) => c.references('motivos.id').onDelete('restrict'))
    .execute();
}

async function createAuditLog(db: AnyDb, pg: boolean) {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // JSON: { field: { before, after } }.
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
}

async function createDowntimeTables(db: AnyDb) {
  await db.schema
    .createTable('downtime_monthly')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('arco_id', 'integer', (c) => c.notNull())
    .addColumn('motivo_id', 'integer', (c) => c.notNull())
    .addColumn('minutes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stops', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('downtime_monthly_pk', ['month', 'arco_id', 'motivo_id'])
    .execute();
  await db.schema
    .createTable('downtime_planned_minutes')
    .addColumn('weekday', 'integer', (c) => c.primaryKey())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('downtime_planned_minutes')
    .values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, minutes: weekday === 7 ? 0 : 24 * 60 })))
    .execute();
  await sql`
    insert into downtime_monthly (month, arco_id, motivo_id, minutes, stops)
    select substr(date, 1, 7), arco_sumergido_id, coalesce(motivo_id, 0),
      sum(coalesce(counted_minutes, duration_minutes, 0)), count(*)
    from paradas_kaiser group by substr(date, 1, 7), arco_sumergido_id, coalesce(motivo_id, 0)
  `.execute(db);
}

const downtimeSide = (rec: string, sign: '+' | '-') =>
  sign === '+'
    ? `insert into downtime_monthly (month, arco_id, motivo_id, minutes, stops)
         values (substr(${rec}.date, 1, 7), ${rec}.arco_sumergido_id, coalesce(${rec}.motivo_id, 0),
           coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0), 1)
         on conflict (month, arco_id, motivo_id) do update set
           minutes = downtime_monthly.minutes + coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0),
           stops = downtime_monthly.stops + 1;`
    : `update downtime_monthly set minutes = minutes - coalesce(${rec}.counted_minutes, ${rec}.duration_minutes, 0), stops = stops - 1
         where month = substr(${rec}.date, 1, 7) and arco_id = ${rec}.arco_sumergido_id and motivo_id = coalesce(${rec}.motivo_id, 0);`;

const DOWNTIME_COLUMNS = 'date, arco_sumergido_id, motivo_id, duration_minutes, counted_minutes';
const DOWNTIME_CHANGED = DOWNTIME_COLUMNS.split(', ')
  .map((c) => `old.${c} is distinct from new.${c}`)
  .join(' or ');

async function createDowntimeTriggers(db: AnyDb, pg: boolean) {
  for (const s of rollupTriggers(pg, 'create function', 'downtime_monthly', downtimeSide, DOWNTIME_COLUMNS, DOWNTIME_CHANGED)) {
    await sql.raw(s).execute(db);
  }
}

/**
 * The statements of a rollup kept by triggers on paradas_kaiser: `side` takes a row's share out ('-')
 * or puts it in ('+'); they fire after an insert, a delete, and an update of `columns` that changes
 * one of them (`changed`, PostgreSQL's spelling). PostgreSQL: one function `<name>_rollup` (made by
 * `create`) and the triggers `<name>_aid` and `<name>_au`; SQLite: `<name>_ai`, `<name>_ad`, `<name>_au`.
 */
function rollupTriggers(
  pg: boolean,
  create: string,
  name: string,
  side: (rec: string, sign: '+' | '-') => string,
  columns: string,
  changed: string,
): string[] {
  if (pg) {
    return [
      `${create} ${name}_rollup() returns trigger language plpgsql as $body$
        begin
          if tg_op in ('UPDATE', 'DELETE') then
            ${side('old', '-')}
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            ${side('new', '+')}
          end if;
          return null;
        end
        $body$`,
      `create trigger ${name}_aid after insert or delete on paradas_kaiser
        for each row execute function ${name}_rollup()`,
      `create trigger ${name}_au after update of ${columns} on paradas_kaiser
        for each row when (${changed}) execute function ${name}_rollup()`,
    ];
  }
  return [
    `create trigger ${name}_ai after insert on paradas_kaiser begin ${side('new', '+')} end`,
    `create trigger ${name}_ad after delete on paradas_kaiser begin ${side('old', '-')} end`,
    `create trigger ${name}_au after update of ${columns} on paradas_kaiser
       when ${changed.replaceAll('is distinct from', 'is not')}
       begin ${side('old', '-')} ${side('new', '+')} end`,
  ];
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
  const old = pg
    ? ['dashboard_paradas_aid on paradas_kaiser', 'dashboard_paradas_au on paradas_kaiser']
    : ['dashboard_paradas_ai', 'dashboard_paradas_ad', 'dashboard_paradas_au'];
  for (const t of old) {
    await sql.raw(`drop trigger if exists ${t}`).execute(db);
  }
  const columns = 'date, duration_minutes, user_id, counted_minutes';
  for (const s of rollupTriggers(pg, 'create or replace function', 'dashboard_paradas', paradaSide, columns, PARADA_CHANGED)) {
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
  await createMotivos(db, pg);
  await createAuditLog(db, pg);
  await markLegacyOverlaps(db);
  await sql`
    create unique index paradas_one_active_per_arco on paradas_kaiser (arco_sumergido_id)
    where end_time is null and duplicate_of is null
  `.execute(db);
  await replaceParadaTriggers(db, pg);
  await recountMonthlyMinutes(db);
  await createDowntimeTables(db);
  await createDowntimeTriggers(db, pg);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger if exists downtime_monthly_aid on paradas_kaiser').execute(db);
    await sql.raw('drop trigger if exists downtime_monthly_au on paradas_kaiser').execute(db);
    await sql.raw('drop function if exists downtime_monthly_rollup()').execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists downtime_monthly_${t}`).execute(db);
  }
  await db.schema.dropTable('downtime_monthly').ifExists().execute();
  await db.schema.dropTable('downtime_planned_minutes').ifExists().execute();
  await sql`drop index if exists paradas_one_active_per_arco`.execute(db);
  await db.schema.alterTable('paradas_kaiser').dropColumn('motivo_id').execute();
  await db.schema.dropTable('motivos').ifExists().execute();
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.alterTable('paradas_kaiser').dropColumn('counted_minutes').execute();
  await db.schema.alterTable('paradas_kaiser').dropColumn('duplicate_of').execute();
  await db.schema.alterTable('paradas_kaiser').dropColumn('ended_by').execute();
}
