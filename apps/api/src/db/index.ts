import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter } from 'kysely';
import pg from 'pg';
import type { Config, SqliteSynchronous } from '../config';
import { privateDatabaseFileSync } from '../lib/file-modes';
import { CONNECT_TIMEOUT_MS, guardPool } from './outage';
import { CurrentSchemaPostgresDialect } from './pg-introspector';
import { LiteralLimitPlugin, preparedStatementsPool } from './pg-prepared';
import { checkpointInBackground } from './sqlite-checkpointer';
import { ImmediateSqliteDialect } from './sqlite-dialect';
import type { Database } from './types';

// COUNT(*) and bigint columns come back as strings from node-postgres: the values we store fit in a
// double, so parse them as numbers on both engines.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type Db = Kysely<Database>;
export type DbEngine = 'sqlite' | 'postgres';

/**
 * The engine behind a Kysely instance, for the code that has no handle or service context: the
 * migrator, given the database alone. Services read `ctx.engine` and pass it to the repository
 * function that needs it; migrations, frozen in time, import no app code and keep their own check.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any database shape
export const engineOf = (db: Kysely<any>): DbEngine => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

export interface DbOptions {
  databaseUrl?: string;
  sqliteFile: string;
  /** node-postgres pool size. */
  poolSize?: number;
  /**
   * PostgreSQL: run repeated queries as named prepared statements (db/pg-prepared.ts). On by default;
   * off behind a connection pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  preparedStatements?: boolean;
  /** SQLite: PRAGMA synchronous (docs/decisions/027-durable-sqlite-commits.md); `full` when unset. */
  sqliteSynchronous?: SqliteSynchronous;
  /**
   * SQLite in memory, opened as a copy of this image (`Database.serialize()`) instead of `sqliteFile`:
   * the test suite's migrated template (apps/api/test/helper.ts, docs/decisions/098-suite-headroom.md).
   */
  sqliteImage?: Buffer;
}

export interface DbHandle {
  db: Db;
  engine: DbEngine;
  /** Raw SQLite handle (for PRAGMAs in tests and benchmarks); undefined on PostgreSQL. */
  sqlite?: SQLite.Database;
  /** The node-postgres pool (its connection counts are reported by the metrics); undefined on SQLite. */
  pool?: pg.Pool;
}

/** The database options of the app's configuration. */
export const dbOptionsOf = (
  config: Pick<Config, 'databaseUrl' | 'sqliteFile' | 'pgPreparedStatements' | 'sqliteSynchronous'>,
): DbOptions => ({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  preparedStatements: config.pgPreparedStatements,
  sqliteSynchronous: config.sqliteSynchronous,
});

export function createDb(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    // A server that does not answer (restarting, failing over, unreachable) fails a connection in
    // CONNECT_TIMEOUT_MS instead of holding the request; TCP keepalive finds a connection cut without a
    // FIN (docs/decisions/029-database-outages.md). guardPool keeps an idle connection's end from
    // ending the process.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    guardPool(pool);
    const db =
      options.preparedStatements === false
        ? new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) })
        : new Kysely<Database>({
            dialect: new CurrentSchemaPostgresDialect({ pool: preparedStatementsPool(pool) }),
            plugins: [new LiteralLimitPlugin()],
          });
    return { db, engine: 'postgres', pool };
  }
  if (!options.sqliteImage && options.sqliteFile !== ':memory:') privateDatabaseFileSync(options.sqliteFile);
  const sqlite = new SQLite(options.sqliteImage ?? options.sqliteFile);
  // WAL lets readers run beside the writer; the busy timeout makes a second writer wait instead of
  // failing with SQLITE_BUSY. FULL syncs the WAL at every commit, so a commit survives a power loss
  // too; NORMAL only survives a process crash (docs/decisions/027-durable-sqlite-commits.md).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 10000');
  const synchronous = options.sqliteSynchronous === 'normal' ? 'NORMAL' : 'FULL';
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  // A file's WAL is checkpointed by a worker thread, not in the committing request
  // (db/sqlite-checkpointer.ts); a database in memory has no WAL.
  const stopCheckpoints =
    options.sqliteImage || options.sqliteFile === ':memory:' ? () => {} : checkpointInBackground(sqlite, options.sqliteFile, synchronous);
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite, stopCheckpoints) }) }),
    engine: 'sqlite',
    sqlite,
  };
}

/**
 * Kysely prepares every query anew; on the hot reads that costs as much as running them. The app's
 * queries are a small fixed set of SQL texts, so their prepared statements are kept (bounded, in
 * case some query text varies). A statement still being iterated (a streamed query) is busy and
 * cannot be reused: such a call gets a fresh one.
 */
function cachingStatements(sqlite: SQLite.Database, beforeClose: () => void, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose();
      sqlite.close();
    },
    prepare: (text: string) => {
      const cached = cache.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (!cached) {
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}
