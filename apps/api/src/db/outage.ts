import { messages } from '@portal/contract/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { AppError } from '../lib/errors';
import type { Log } from '../lib/log';
import type { Database } from './types';

/** The database handle (db/index.ts's Db, named here so that index.ts may import this file). */
type Db = Kysely<Database>;

/**
 * What a database outage looks like from here (docs/decisions/029-database-outages.md): a restart,
 * a failover or an unreachable server. Requests that need the database then get a Spanish 503 with
 * Retry-After, the machine signals are held unacknowledged, and nothing ends the process.
 */

/** How long a new database connection may take (and a request wait for a free one) before it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Seconds a client is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL codes of a server that is going or not there yet: admin_shutdown (a fast or immediate
 * stop), crash_shutdown, cannot_connect_now (starting up or in recovery), the connection_exception
 * class, too_many_connections (a restarting server's slots), and read_only_sql_transaction (a standby
 * promoted too late or the old primary after a failover).
 */
const PG_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300', '25006']);
/** Socket errors of an unreachable server. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own errors for a dropped or never made connection (they carry no code). */
const PG_CLIENT_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|terminating connection)/;

/** True when an error means the database cannot be reached now, rather than a bad query or bad data. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (PG_CODES.has(e.code) || NET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && PG_CLIENT_MESSAGES.test(e.message)) return true;
  // Node's happy-eyeballs connect fails with an AggregateError of the addresses tried.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause);
}

/**
 * True when SQLite's file stayed locked by another connection for the whole busy timeout
 * (SQLITE_BUSY: a backup tool, a shell left in a transaction, a long write of another process). To a
 * client that is the database being away for a while, not a bad request: a request gets the outage's
 * 503, an MQTT message of weld telemetry is held (docs/decisions/088-telemetry-ingest-in-groups.md).
 */
export function isDatabaseLocked(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}

/** The answer to a request that needs the database while it is away. */
export const databaseUnavailable = () => new AppError(503, messages.databaseUnavailable, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

let lastRequestLog = 0;

/** Answers a request the database failed for being away; logged at most every 10 s, not per request. */
export function replyDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (Date.now() - lastRequestLog >= 10_000) {
    lastRequestLog = Date.now();
    const { message, code } = error as { message?: string; code?: string };
    request.log.warn({ err: { message, code }, url: request.url }, 'database unavailable: answering 503');
  }
  const answer = databaseUnavailable();
  return reply.status(answer.statusCode).headers(answer.headers).send({ message: answer.message });
}

/**
 * The server ends every connection on a restart ('terminating connection due to administrator
 * command'). node-postgres removes an idle one and emits `error` on the pool; a connection checked
 * out (a transaction between two statements, a request between two queries) emits it on its client,
 * which the pool leaves without a listener while it is out. Either, unheard, would end the process:
 * both are listened to here (the query in flight fails on its own, and the broken connection is
 * dropped on release). Logged once per outage, not once per connection.
 */
export function guardPool(pool: pg.Pool, log?: Pick<Log, 'warn'>): void {
  let lastLogged = 0;
  pool.on('connect', (client) => client.on('error', () => {}));
  pool.on('error', (error) => {
    if (!log || Date.now() - lastLogged < 10_000) return;
    lastLogged = Date.now();
    log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'idle database connection lost');
  });
}

/** Resolves once the database answers again, trying every `everyMs`; rejects when `signal` aborts. */
export async function waitForDatabase(db: Db, everyMs = 500, signal?: AbortSignal): Promise<void> {
  for (;;) {
    signal?.throwIfAborted();
    try {
      await sql`select 1`.execute(db);
      return;
    } catch {
      // Still away: the next attempt follows.
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
