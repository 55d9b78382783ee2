import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * Transactions that take SQLite's write lock when they begin (BEGIN IMMEDIATE). Ours read before they
 * write (is there an active stop? does the post exist?); begun DEFERRED, such a transaction holds a
 * read snapshot, and when another connection (a second process on the same file) commits first, its
 * upgrade to a writer fails at once with SQLITE_BUSY, which busy_timeout cannot wait out. Begun
 * IMMEDIATE, it waits for the lock (busy_timeout) before reading, and then always can write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
