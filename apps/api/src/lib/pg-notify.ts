import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/index';
import { CONNECT_TIMEOUT_MS } from '../db/outage';
import type { Log } from './log';

/** The NOTIFY channel of one database and schema, so apps on other schemas (tests) never cross. */
async function channelName(db: Db): Promise<string> {
  const { rows } = await sql<{ db: string; sp: string }>`select current_database() as db, current_setting('search_path') as sp`.execute(db);
  const hash = createHash('sha256').update(`${rows[0].db}\0${rows[0].sp}`).digest('hex').slice(0, 16);
  return `portal_events_${hash}`;
}

/**
 * The event bus's transport between instances on PostgreSQL: NOTIFY through the app's pool, and a
 * dedicated connection that LISTENs for the events of every instance, this one included, reconnecting
 * with a growing delay when the connection drops (a database restart or failover): `onLost` is told at
 * once and `onRestored` once it listens again, since events may have been missed in between
 * (docs/decisions/029-database-outages.md).
 */
export class PgNotify {
  connected = false;
  private client: pg.Client | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  private attempt = 0;
  /** The connection dropped since it last listened: the next one tells `onRestored`. */
  private lost = false;

  private constructor(
    private readonly db: Db,
    private readonly url: string,
    readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly onLost: () => void,
    private readonly onRestored: () => void,
    private readonly log: Log,
  ) {}

  static async open(
    db: Db,
    url: string,
    onMessage: (payload: string) => void,
    on: { lost: () => void; restored: () => void },
    log: Log,
  ): Promise<PgNotify> {
    const transport = new PgNotify(db, url, await channelName(db), onMessage, on.lost, on.restored, log);
    await transport.start();
    return transport;
  }

  /** Sends a message to every instance's listener (this one's included). */
  async notify(text: string): Promise<void> {
    await sql`select pg_notify(${this.channel}, ${text})`.execute(this.db);
  }

  private async start(): Promise<void> {
    await this.connect();
    // A silently dropped connection (no FIN) shows up only when we use it.
    this.ping = setInterval(() => {
      const client = this.client;
      if (client) client.query('select 1').catch((error) => this.drop(client, error));
    }, 30_000);
    this.ping.unref();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.onMessage(msg.payload);
    });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
      // The app closed while this reconnect was under way.
      if (this.closing) throw new Error('closing');
      this.client = client;
      this.connected = true;
      const reconnected = this.attempt > 0 || this.lost;
      this.attempt = 0;
      this.lost = false;
      if (reconnected) {
        this.log.info({}, 'event listener connected again');
        this.onRestored();
      }
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end().catch(() => {});
      this.scheduleReconnect(error);
    }
  }

  private drop(client: pg.Client, error?: unknown) {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    client.removeAllListeners();
    client.on('error', () => {});
    client.end().catch(() => {});
    if (this.closing) return;
    this.lost = true;
    this.onLost();
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown) {
    if (this.closing) return;
    // At most 2 s apart: events cross instances again soon after the database is back (decision 029).
    const delay = Math.min(2_000, 250 * 2 ** this.attempt++);
    this.log.warn({ err: error, delay }, 'event listener disconnected; reconnecting');
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.ping) clearInterval(this.ping);
    const client = this.client;
    this.client = null;
    this.connected = false;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
