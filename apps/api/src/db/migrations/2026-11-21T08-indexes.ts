import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: written against Kysely<any>, imports no app code, runs on SQLite and PostgreSQL.
//
// Indexes for the hot read paths as years of records pile up (apps/api/test/query-plans.test.ts
// checks that the queries use them):
// - a week of one worker's Kaiser stops: (user_id, date, start_time, id) answers the date range and
//   the newest-first order from the index alone, whatever the worker's history;
// - circulares search: a case-insensitive substring of id_tramo / id_proyecto / id_circular cannot use
//   a B-tree. SQLite gets an FTS5 trigram index (an external-content table kept by triggers, no copy of
//   the rows); PostgreSQL gets pg_trgm GIN indexes on lower(column). Both answer `LIKE '%abc%'` for any
//   run of three or more characters.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen against an untyped database
type AnyDb = Kysely<any>;

const SEARCHED = ['id_tramo', 'id_proyecto', 'id_circular'] as const;

async function trigramSqlite(db: AnyDb) {
  await sql`
    create virtual table tramos_search using fts5(
      id_tramo, id_proyecto, id_circular,
      content = 'tramos', content_rowid = 'id', tokenize = 'trigram'
    )
  `.execute(db);
  const cols = SEARCHED.join(', ');
  const values = (rec: string) => SEARCHED.map((c) => `${rec}.${c}`).join(', ');
  await sql
    .raw(`create trigger tramos_search_ai after insert on tramos begin
      insert into tramos_search (rowid, ${cols}) values (new.id, ${values('new')});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger tramos_search_ad after delete on tramos begin
      insert into tramos_search (tramos_search, rowid, ${cols}) values ('delete', old.id, ${values('old')});
    end`)
    .execute(db);
  await sql
    .raw(`create trigger tramos_search_au after update of ${cols} on tramos begin
      insert into tramos_search (tramos_search, rowid, ${cols}) values ('delete', old.id, ${values('old')});
      insert into tramos_search (rowid, ${cols}) values (new.id, ${values('new')});
    end`)
    .execute(db);
  // Tramos recorded before this migration.
  await sql`insert into tramos_search (tramos_search) values ('rebuild')`.execute(db);
}

async function trigramPostgres(db: AnyDb) {
  // pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, but a server without contrib or
  // a role without CREATE on the database must still migrate: search then falls back to scanning. The
  // block runs in a subtransaction, so a refusal does not abort the migration. It goes in `public`
  // (schema-per-tenant setups and the test schemas share one extension per database).
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm with schema public;
    exception when others then
      raise notice 'pg_trgm unavailable (%): circulares search will scan', sqlerrm;
    end
    $$
  `.execute(db);
  const ext = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
  `.execute(db);
  const schema = ext.rows[0]?.schema;
  if (!schema) return;
  for (const col of SEARCHED) {
    await sql`create index ${sql.id(`tramos_${col}_trgm_idx`)} on tramos using gin (lower(${sql.ref(col)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.createIndex('paradas_user_date_idx').on('paradas_kaiser').columns(['user_id', 'date', 'start_time', 'id']).execute();
  if (pg) await trigramPostgres(db);
  else await trigramSqlite(db);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    for (const col of SEARCHED) await sql`drop index if exists ${sql.id(`tramos_${col}_trgm_idx`)}`.execute(db);
  } else {
    for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists tramos_search_${t}`).execute(db);
    await sql`drop table if exists tramos_search`.execute(db);
  }
  await db.schema.dropIndex('paradas_user_date_idx').execute();
}
