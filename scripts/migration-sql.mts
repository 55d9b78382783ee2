// `npx tsx scripts/migration-sql.mts apps/api/src/db/migrations/<file>.ts`: every SQL statement a
// migration's up() and then its down() send, on PostgreSQL and on SQLite, with a driver that runs nothing
// (reads answer no rows). Instants are printed as TS, so two runs of the same code print the same text.
// An applied migration is only rewritten when this prints the same before and after
// (docs/decisions/113-applied-migrations-rewritten-only-to-the-same-sql.md).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/migration-sql.mts <migration file>');
  process.exit(2);
}
const migration = await import(pathToFileURL(path.resolve(file)).href);
const instant = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g;

for (const engine of ['postgres', 'sqlite'] as const) {
  const pg = engine === 'postgres';
  const sent: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: migrations are written against an untyped database
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => (pg ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (d) => (pg ? new PostgresIntrospector(d) : new SqliteIntrospector(d)),
      createQueryCompiler: () => (pg ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (event) => sent.push(`${event.query.sql} -- ${JSON.stringify(event.query.parameters)}`.replace(instant, 'TS')),
  });
  for (const step of ['up', 'down'] as const) {
    if (typeof migration[step] !== 'function') continue;
    try {
      await migration[step](db);
    } catch (error) {
      sent.push(`stopped: ${(error as Error).message}`);
    }
    console.log(`== ${engine} ${step}`);
    for (const statement of sent.splice(0)) console.log(statement);
  }
}
