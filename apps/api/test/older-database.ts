import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { type Config, loadConfig } from '../src/config';
import { createDb, type DbHandle } from '../src/db/index';
import { FolderMigrationProvider, migrationSchemaOf } from '../src/db/migrate';
import { freshSchema, TEST_DB, testEnv } from './helper';

// biome-ignore lint/suspicious/noExplicitAny: an older schema, not the app's current types
export type AnyDb = Kysely<any>;

/** A migrator over db/migrations, keeping its tables in the schema ours go to (as migrate.ts does). */
export async function migrator(db: AnyDb): Promise<Migrator> {
  return new Migrator({ db, provider: new FolderMigrationProvider(), migrationTableSchema: await migrationSchemaOf(db) });
}

export interface OlderDatabase {
  handle: DbHandle;
  db: AnyDb;
  config: Config;
  dataDir: string;
  /** Removes the database (PostgreSQL schema or SQLite folder); close the app first. */
  drop(): Promise<void>;
}

/**
 * A fresh database on the engine under test with the migrations up to `migration` and none after it:
 * the schema an older release left, to be filled by SQL frozen against it and opened by the app.
 */
export async function olderDatabase(migration: string): Promise<OlderDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-upgrade-'));
  let url: string | undefined;
  let dropSchema = async () => {};
  let handle: DbHandle;
  if (TEST_DB === 'postgres') {
    const schema = await freshSchema();
    url = schema.url;
    dropSchema = schema.drop;
    handle = createDb({ databaseUrl: url, sqliteFile: '', poolSize: 3 });
  } else {
    handle = createDb({ sqliteFile: path.join(dataDir, 'portal.sqlite') });
  }
  const config = loadConfig({ ...(url ? { DATABASE_URL: url } : {}), ...testEnv(dataDir) });
  const db = handle.db as AnyDb;
  const { error } = await (await migrator(db)).migrateTo(migration);
  if (error) throw error;
  return {
    handle,
    db,
    config,
    dataDir,
    drop: async () => {
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
