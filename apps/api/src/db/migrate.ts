import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { engineOf } from './index';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Every file in db/migrations, applied in name order (names are date-prefixed). */
export class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(migrationsDir)).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.(ts|js)$/, '')] = await import(pathToFileURL(path.join(migrationsDir, file)).href);
    }
    return migrations;
  }
}

/**
 * Kysely looks for its migration tables in every schema unless told which one: on PostgreSQL a
 * database whose other schema already holds them (another instance, a parallel test) would skip
 * creating its own and fail. Ours live in the schema our tables go to (the search_path's first).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
export async function migrationSchemaOf(db: Kysely<any>): Promise<string | undefined> {
  if (engineOf(db) !== 'postgres') return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrationTableSchema = await migrationSchemaOf(db);
  // Unordered: branches that add migrations side by side still apply on databases that ran the others.
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider(), allowUnorderedMigrations: true, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
