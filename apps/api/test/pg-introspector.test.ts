import { PostgresIntrospector, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import { freshSchema, pgUnavailable, TEST_DB } from './helper';

// The migrator asks the introspector whether its tables exist; on PostgreSQL ours reads only the
// current schema, so other schemas dropped meanwhile cannot fail a start
// (docs/decisions/052-migrations-read-their-own-schema.md).

/**
 * Kysely's own introspector, the reference: it reads every schema of the database, so another test
 * file dropping its schema meanwhile can fail it with 'schema … does not exist' (the race our
 * introspector avoids). The reference is then asked again, a few times at most.
 */
async function kyselyTables(db: DbHandle['db']) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await new PostgresIntrospector(db).getTables({ withInternalKyselyTables: true });
    } catch (error) {
      const code = (error as { code?: string }).code;
      // invalid_schema_name, undefined_table
      if (attempt >= 5 || (code !== '3F000' && code !== '42P01')) throw error;
    }
  }
}

describe.skipIf(TEST_DB !== 'postgres' || pgUnavailable)('PostgreSQL introspection of the current schema', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const migrated = async (): Promise<DbHandle> => {
    const schema = await freshSchema();
    const handle = createDb({ databaseUrl: schema.url, sqliteFile: '', poolSize: 2 });
    cleanups.push(schema.drop, () => handle.db.destroy());
    await migrateToLatest(handle.db);
    return handle;
  };

  it("lists its own schema's tables as Kysely's introspector does, and no other schema's", async () => {
    const mine = await migrated();
    const other = await migrated();
    await sql`create table only_elsewhere (id integer primary key)`.execute(other.db);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(mine.db);
    const own = rows[0].schema;

    const tables = await mine.db.introspection.getTables({ withInternalKyselyTables: true });
    const kyselys = (await kyselyTables(mine.db)).filter((table) => table.schema === own);
    expect(tables.map((table) => table.schema)).toEqual(tables.map(() => own));
    expect(tables.map((table) => table.name)).toContain('paradas_kaiser');
    expect(tables.map((table) => table.name)).not.toContain('only_elsewhere');
    const byName = (list: typeof tables) => [...list].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName(tables)).toEqual(byName(kyselys));
    // Without the migrator's own tables unless asked for.
    const names = (await mine.db.introspection.getTables()).map((table) => table.name);
    expect(names.filter((name) => name.startsWith('kysely_'))).toEqual([]);
    expect(names.length).toBe(tables.length - 2);
  });

  it('migrates while other schemas of the database are created and dropped', async () => {
    const mine = await migrated();
    let churning = true;
    let churned = 0;
    const churn = (async () => {
      while (churning) {
        const scratch = await freshSchema();
        const scratchDb = createDb({ databaseUrl: scratch.url, sqliteFile: '', poolSize: 1 });
        await sql`create table a (id serial primary key, v text); create table b (id integer primary key)`.execute(scratchDb.db);
        await scratchDb.db.destroy();
        await scratch.drop();
        churned++;
      }
    })();
    try {
      // An already migrated schema: each start asks again whether the migrator's tables exist.
      for (let round = 0; round < 40; round++) await migrateToLatest(mine.db);
    } finally {
      churning = false;
      await churn;
    }
    expect(churned).toBeGreaterThan(0);
  });
});
