import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// The admin statistics must answer in well under 100 ms with 200,000 tramos and 1,000,000 Kaiser
// stops. Scanning those tables per request (COUNT(*) over a million rows, or grouping a year of stops
// by month and by user) does not fit that budget, so the figures are kept in small rollup tables that
// database triggers maintain on every insert, update and delete. Triggers keep them exact whoever
// writes the rows (any module, a script, a second API instance) and within the same transaction.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const TABLES = ['dashboard_tramos_monthly', 'dashboard_paradas_monthly', 'dashboard_user_totals'] as const;

async function createTables(db: AnyDb) {
  // month = factory-local 'YYYY-MM', the first 7 characters of circular_fecha / date.
  await db.schema
    .createTable('dashboard_tramos_monthly')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('dashboard_paradas_monthly')
    .addColumn('month', 'text', (c) => c.primaryKey())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    // Minutes of finished stops only: an active stop has no duration yet.
    .addColumn('total_duration', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // No foreign key to users: a user's deletion sets user_id to null on their records, which the
  // update triggers turn into decrements, so a deleted user's row drops to zero by itself.
  await db.schema
    .createTable('dashboard_user_totals')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('tramo_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('kaiser_stop_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('dashboard_user_totals_tramos_idx').on('dashboard_user_totals').column('tramo_count').execute();
  await db.schema.createIndex('dashboard_user_totals_paradas_idx').on('dashboard_user_totals').column('kaiser_stop_count').execute();
}

/** Fills the rollups from the rows already present (databases migrated after data was recorded). */
async function backfill(db: AnyDb) {
  await sql`
    insert into dashboard_tramos_monthly (month, count)
    select substr(circular_fecha, 1, 7), count(*) from tramos group by substr(circular_fecha, 1, 7)
  `.execute(db);
  await sql`
    insert into dashboard_paradas_monthly (month, count, total_duration)
    select substr(date, 1, 7), count(*), coalesce(sum(duration_minutes), 0)
    from paradas_kaiser group by substr(date, 1, 7)
  `.execute(db);
  await sql`
    insert into dashboard_user_totals (user_id, tramo_count, kaiser_stop_count)
    select u.id,
      (select count(*) from tramos t where t.user_id = u.id),
      (select count(*) from paradas_kaiser p where p.user_id = u.id)
    from users u
  `.execute(db);
}

// Statement fragments shared by both engines: `rec` is NEW or OLD, `sign` is + or -.
const tramoMonth = (rec: string, sign: '+' | '-') =>
  sign === '+'
    ? `insert into dashboard_tramos_monthly (month, count) values (substr(${rec}.circular_fecha, 1, 7), 1)
         on conflict (month) do update set count = dashboard_tramos_monthly.count + 1;`
    : `update dashboard_tramos_monthly set count = count - 1 where month = substr(${rec}.circular_fecha, 1, 7);`;

const paradaMonth = (rec: string, sign: '+' | '-') =>
  sign === '+'
    ? `insert into dashboard_paradas_monthly (month, count, total_duration)
         values (substr(${rec}.date, 1, 7), 1, coalesce(${rec}.duration_minutes, 0))
         on conflict (month) do update set count = dashboard_paradas_monthly.count + 1,
           total_duration = dashboard_paradas_monthly.total_duration + coalesce(${rec}.duration_minutes, 0);`
    : `update dashboard_paradas_monthly set count = count - 1, total_duration = total_duration - coalesce(${rec}.duration_minutes, 0)
         where month = substr(${rec}.date, 1, 7);`;

const userCount = (column: 'tramo_count' | 'kaiser_stop_count', rec: string, sign: '+' | '-') =>
  sign === '+'
    ? `insert into dashboard_user_totals (user_id, tramo_count, kaiser_stop_count)
         select ${rec}.user_id, ${column === 'tramo_count' ? 1 : 0}, ${column === 'kaiser_stop_count' ? 1 : 0}
         where ${rec}.user_id is not null
         on conflict (user_id) do update set ${column} = dashboard_user_totals.${column} + 1;`
    : `update dashboard_user_totals set ${column} = ${column} - 1 where user_id = ${rec}.user_id;`;

const tramoSide = (rec: string, sign: '+' | '-') => `${tramoMonth(rec, sign)}\n${userCount('tramo_count', rec, sign)}`;
const paradaSide = (rec: string, sign: '+' | '-') => `${paradaMonth(rec, sign)}\n${userCount('kaiser_stop_count', rec, sign)}`;

const TRAMO_CHANGED = 'old.circular_fecha is distinct from new.circular_fecha or old.user_id is distinct from new.user_id';
const PARADA_CHANGED =
  'old.date is distinct from new.date or old.duration_minutes is distinct from new.duration_minutes or old.user_id is distinct from new.user_id';

async function createSqliteTriggers(db: AnyDb) {
  // SQLite spells IS DISTINCT FROM as IS NOT.
  const sqliteCond = (c: string) => c.replaceAll('is distinct from', 'is not');
  const statements = [
    `create trigger dashboard_tramos_ai after insert on tramos begin ${tramoSide('new', '+')} end`,
    `create trigger dashboard_tramos_ad after delete on tramos begin ${tramoSide('old', '-')} end`,
    `create trigger dashboard_tramos_au after update of circular_fecha, user_id on tramos
       when ${sqliteCond(TRAMO_CHANGED)}
       begin ${tramoSide('old', '-')} ${tramoSide('new', '+')} end`,
    `create trigger dashboard_paradas_ai after insert on paradas_kaiser begin ${paradaSide('new', '+')} end`,
    `create trigger dashboard_paradas_ad after delete on paradas_kaiser begin ${paradaSide('old', '-')} end`,
    `create trigger dashboard_paradas_au after update of date, duration_minutes, user_id on paradas_kaiser
       when ${sqliteCond(PARADA_CHANGED)}
       begin ${paradaSide('old', '-')} ${paradaSide('new', '+')} end`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function createPostgresTriggers(db: AnyDb) {
  const fn = (name: string, side: (rec: string, sign: '+' | '-') => string) => `
    create function ${name}() returns trigger language plpgsql as $body$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        ${side('old', '-')}
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        ${side('new', '+')}
      end if;
      return null;
    end
    $body$`;
  const statements = [
    fn('dashboard_tramos_rollup', tramoSide),
    fn('dashboard_paradas_rollup', paradaSide),
    `create trigger dashboard_tramos_aid after insert or delete on tramos
       for each row execute function dashboard_tramos_rollup()`,
    `create trigger dashboard_tramos_au after update of circular_fecha, user_id on tramos
       for each row when (${TRAMO_CHANGED}) execute function dashboard_tramos_rollup()`,
    `create trigger dashboard_paradas_aid after insert or delete on paradas_kaiser
       for each row execute function dashboard_paradas_rollup()`,
    `create trigger dashboard_paradas_au after update of date, duration_minutes, user_id on paradas_kaiser
       for each row when (${PARADA_CHANGED}) execute function dashboard_paradas_rollup()`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await createTables(db);
  await backfill(db);
  if (pg) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger if exists dashboard_tramos_aid on tramos').execute(db);
    await sql.raw('drop trigger if exists dashboard_tramos_au on tramos').execute(db);
    await sql.raw('drop trigger if exists dashboard_paradas_aid on paradas_kaiser').execute(db);
    await sql.raw('drop trigger if exists dashboard_paradas_au on paradas_kaiser').execute(db);
    await sql.raw('drop function if exists dashboard_tramos_rollup()').execute(db);
    await sql.raw('drop function if exists dashboard_paradas_rollup()').execute(db);
  } else {
    for (const t of [
      'dashboard_tramos_ai',
      'dashboard_tramos_ad',
      'dashboard_tramos_au',
      'dashboard_paradas_ai',
      'dashboard_paradas_ad',
      'dashboard_paradas_au',
    ]) {
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    }
  }
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
}
