import { createHash } from 'node:crypto';
import type { EventPayloads, EventType } from '@portal/contract/events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db/index';

/** Every event a service may publish (`ready` is written by the stream itself). */
export type PublishedType = Exclude<EventType, 'ready'>;

/**
 * Who may receive an event, with the same rules as the reads (DECISIONS.md section 5): a station's
 * wall (workers signed in at that station), or one user's stops. Administrators receive every event.
 */
export type Audience = { station: number | null } | { user: number | null };

export interface BusEvent<T extends PublishedType = PublishedType> {
  type: T;
  payload: EventPayloads[T];
  audience: Audience;
}

/** A local consumer, such as one open event stream. */
export interface Subscriber {
  deliver(event: BusEvent): void;
  /** Events may have been missed (the LISTEN connection dropped) or the app is closing. */
  reset(): void;
}

/** Rebuilds a payload from the database when it was too large to travel in a NOTIFY. */
export type Reloader = (type: PublishedType, id: number) => Promise<EventPayloads[PublishedType] | undefined>;

/** What travels through NOTIFY: the payload, or only the record's id (`r`) when it is too large. */
interface Envelope {
  t: PublishedType;
  a: Audience;
  p?: unknown;
  r?: number;
}

/** The NOTIFY of invalidateCaches(): no event, only "what you cached may be stale". */
interface StaleEnvelope {
  x: 'stale';
}

/**
 * A cache of reads that follows the writes: told of every event as it is published on this instance
 * (before the answer of the write goes out) and as it arrives from any instance; told `null` when
 * anything may have changed (a change with no event, or events possibly missed).
 */
export type CacheWatcher = (event: BusEvent | null) => void;

/** The stop's owner of a `parada.changed` event (its payload carries only the stop and station ids). */
type OwnerArg<T extends PublishedType> = T extends 'parada.changed' ? [owner: { userId: number | null }] : [];

function audienceOf(type: PublishedType, payload: unknown, owner?: { userId: number | null }): Audience {
  const p = payload as Record<string, { arco_sumergido_id?: number | null; user_id?: number | null }>;
  switch (type) {
    case 'post.created':
    case 'post.updated':
      return { station: p.post.arco_sumergido_id ?? null };
    case 'parada.started':
    case 'parada.ended':
      return { user: p.parada.user_id ?? null };
    case 'parada.changed':
      return { user: owner?.userId ?? null };
    default:
      return { station: (payload as { arco_sumergido_id: number | null }).arco_sumergido_id };
  }
}

/** The record id a subscriber can reload a large event from. */
function refOf(type: PublishedType, payload: unknown): number | undefined {
  const p = payload as Record<string, { id: number } | undefined>;
  if (type === 'post.created' || type === 'post.updated') return p.post?.id;
  if (type === 'comment.created') return p.comment?.id;
  if (type === 'parada.started' || type === 'parada.ended') return p.parada?.id;
  return undefined;
}

/** The NOTIFY channel of one database and schema, so apps on other schemas (tests) never cross. */
async function channelName(db: Db): Promise<string> {
  const { rows } = await sql<{ db: string; sp: string }>`select current_database() as db, current_setting('search_path') as sp`.execute(db);
  const hash = createHash('sha256').update(`${rows[0].db}\0${rows[0].sp}`).digest('hex').slice(0, 16);
  return `portal_events_${hash}`;
}

/**
 * A dedicated connection that LISTENs for the events of every instance, this one included, and
 * reconnects with a growing delay when the connection drops.
 */
class PgListener {
  connected = false;
  private client: pg.Client | null = null;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  private attempt = 0;

  constructor(
    private readonly url: string,
    readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly onLost: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
    // A silently dropped connection (no FIN) shows up only when we use it.
    this.ping = setInterval(() => {
      const client = this.client;
      if (client) client.query('select 1').catch((error) => this.drop(client, error));
    }, 30_000);
    this.ping.unref();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
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
      this.attempt = 0;
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
    this.onLost();
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown) {
    if (this.closing) return;
    const delay = Math.min(30_000, 500 * 2 ** this.attempt++);
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

/**
 * The event bus. Services publish after their transaction has committed; open streams subscribe.
 * SQLite (one process): delivered in process. PostgreSQL: sent with NOTIFY and delivered when it
 * comes back through LISTEN, on every instance alike, so the publishing instance never delivers twice.
 */
export class EventBus {
  /** Tunable for tests: the stream heartbeat and the largest NOTIFY payload (PostgreSQL allows 8000 bytes). */
  readonly settings = { heartbeatMs: 25_000, maxNotifyBytes: 7_900 };
  private readonly subscribers = new Set<Subscriber>();
  private readonly watchers = new Set<CacheWatcher>();
  private listener: PgListener | null = null;
  private reloader: Reloader | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening on PostgreSQL; without a connection URL the bus stays in process. */
  async listen(url: string): Promise<void> {
    this.listener = new PgListener(
      url,
      await channelName(this.db),
      (payload) => void this.receive(payload),
      () => this.resetAll(),
      this.log,
    );
    await this.listener.start();
  }

  setReloader(reloader: Reloader): void {
    this.reloader = reloader;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Keeps a read cache in step with the writes of every instance; see CacheWatcher. */
  watch(watcher: CacheWatcher): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * For a change that publishes no event but shows in cached reads (a renamed user or station, a
   * deleted user): every instance's watchers drop what they hold. Never throws.
   */
  async invalidateCaches(): Promise<void> {
    this.tellWatchers(null);
    const listener = this.listener;
    if (!listener) return;
    try {
      await sql`select pg_notify(${listener.channel}, ${JSON.stringify({ x: 'stale' } satisfies StaleEnvelope)})`.execute(this.db);
    } catch (error) {
      this.log.error({ err: error }, 'cache invalidation not published');
    }
  }

  private tellWatchers(event: BusEvent | null) {
    for (const watcher of this.watchers) {
      try {
        watcher(event);
      } catch (error) {
        this.log.error({ err: error }, 'cache watcher failed');
      }
    }
  }

  /** The NOTIFY channel on PostgreSQL; undefined while events stay in process. */
  get channel(): string | undefined {
    return this.listener?.channel;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Never throws: the write it reports has already committed. */
  async publish<T extends PublishedType>(type: T, payload: EventPayloads[T], ...owner: OwnerArg<T>): Promise<void> {
    const event = { type, payload, audience: audienceOf(type, payload, owner[0]) } as BusEvent;
    // This instance's caches first, so the writer's next read already sees its write.
    this.tellWatchers(event);
    const listener = this.listener;
    if (!listener) {
      this.deliver(event);
      return;
    }
    try {
      let text = JSON.stringify({ t: type, a: event.audience, p: payload } satisfies Envelope);
      if (Buffer.byteLength(text) > this.settings.maxNotifyBytes) {
        const ref = refOf(type, payload);
        if (ref === undefined) throw new Error(`event ${type} too large for NOTIFY`);
        text = JSON.stringify({ t: type, a: event.audience, r: ref } satisfies Envelope);
      }
      await sql`select pg_notify(${listener.channel}, ${text})`.execute(this.db);
      // While our own LISTEN connection is down the event would not come back: deliver it here.
      if (!listener.connected) this.deliver(event);
    } catch (error) {
      this.log.error({ err: error, type }, 'event not published');
      this.deliver(event);
    }
  }

  private async receive(text: string): Promise<void> {
    try {
      const parsed = JSON.parse(text) as Envelope | StaleEnvelope;
      if ('x' in parsed) {
        this.tellWatchers(null);
        return;
      }
      const envelope = parsed;
      // Watchers need only the type and the audience: told before any reload, which may find nothing.
      this.tellWatchers({ type: envelope.t, payload: envelope.p, audience: envelope.a } as BusEvent);
      let payload = envelope.p;
      if (payload === undefined && envelope.r !== undefined) {
        payload = await this.reloader?.(envelope.t, envelope.r);
        // Gone again before we could read it: a later event (deleted) follows.
        if (payload === undefined) return;
      }
      this.deliver({ type: envelope.t, payload, audience: envelope.a } as BusEvent);
    } catch (error) {
      this.log.error({ err: error }, 'event not delivered');
    }
  }

  private deliver(event: BusEvent) {
    for (const subscriber of this.subscribers) {
      try {
        subscriber.deliver(event);
      } catch (error) {
        this.log.error({ err: error }, 'event subscriber failed');
      }
    }
  }

  /** Ends every local stream: their clients reconnect and refetch what they may have missed. */
  resetAll(): void {
    // Whatever was missed may also be in a cache.
    this.tellWatchers(null);
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber.reset();
      } catch {
        // A stream that fails to end is already gone.
      }
    }
    this.subscribers.clear();
  }

  async close(): Promise<void> {
    this.resetAll();
    await this.listener?.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

export default fp(
  async function eventsPlugin(app: FastifyInstance, opts: { databaseUrl?: string }) {
    const bus = new EventBus(app.db, app.log);
    app.decorate('events', bus);
    if (app.dbEngine === 'postgres') {
      if (opts.databaseUrl) await bus.listen(opts.databaseUrl);
      else app.log.warn('no DATABASE_URL for LISTEN: live events stay within this instance');
    }
    // Open streams would keep the server from closing.
    app.addHook('preClose', async () => bus.resetAll());
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'events' },
);
