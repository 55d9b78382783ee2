import type { EventPayloads, EventType } from '@portal/contract/events';
import type { Db } from '../db/index';
import type { Log } from './log';
import { PgNotify } from './pg-notify';

/** Every event a service may publish (`ready` is written by the stream itself). */
export type PublishedType = Exclude<EventType, 'ready'>;

/**
 * Who may receive an event, named by its publisher with the same rules as the reads: the workers
 * signed in at one station (`arco`: its wall), one user (`user`), or both (a stop: its owner and
 * everyone at its arco). Administrators receive every event; `null` reaches administrators only.
 */
export type Audience = { arco: number | null } | { user: number | null } | { user: number | null; arco: number | null };

/** Events only the instances exchange: never written to a client, never seen by read caches. */
export interface InternalPayloads {
  /** The audience user's sessions no longer hold as they were: their open streams end. */
  'session.ended': { reason: 'deleted' | 'password' | 'demoted' };
  /** A station terminal was revoked: its streams, and those of its workers' sessions, end. */
  'terminal.revoked': { terminal_id: number };
}

/** Every type that travels on the bus. */
export type BusType = PublishedType | keyof InternalPayloads;
type BusPayloads = Omit<EventPayloads, 'ready'> & InternalPayloads;

/** An event as it travels: one of the contract's types (or an internal one) with its own payload, and its audience. */
export type BusEvent = { [T in BusType]: { type: T; payload: BusPayloads[T]; audience: Audience } }[BusType];

const isInternal = (type: BusType): type is keyof InternalPayloads => type === 'session.ended' || type === 'terminal.revoked';

/** What a read cache learns of an event: its type and audience (its payload may not have been read). */
export interface EventNotice {
  type: PublishedType;
  audience: Audience;
}

/** A local consumer, such as one open event stream. */
export interface Subscriber {
  deliver(event: BusEvent): void;
  /** Events may have been missed (the LISTEN connection dropped) or the app is closing. */
  reset(): void;
}

/**
 * A cache of reads that follows the writes: told of every event as it is published on this instance
 * (before the answer of the write goes out) and as it arrives from any instance; told `null` when
 * anything may have changed (a change with no event, or events possibly missed).
 */
export type CacheWatcher = (notice: EventNotice | null) => void;

/** Rebuilds a payload from the database when it was too large to travel in a NOTIFY. */
export type Reloader = (type: PublishedType, id: number) => Promise<EventPayloads[PublishedType] | undefined>;

/** What travels through NOTIFY: the payload, or only the record's id (`r`) when it is too large. */
interface Envelope {
  t: BusType;
  a: Audience;
  p?: unknown;
  r?: number;
}

/** The NOTIFY of invalidateCaches(): no event, only "what you cached may be stale". */
interface StaleEnvelope {
  x: 'stale';
}

/** The record a subscriber can reload a large event from. */
function recordId(event: BusEvent): number | undefined {
  switch (event.type) {
    case 'post.created':
    case 'post.updated':
      return event.payload.post.id;
    case 'comment.created':
      return event.payload.comment.id;
    case 'parada.started':
    case 'parada.ended':
      return event.payload.parada.id;
    default:
      return undefined;
  }
}

/**
 * The event bus. Services publish after their transaction has committed; open streams subscribe;
 * read caches watch. SQLite (one process): delivered in process. PostgreSQL: sent with NOTIFY and
 * delivered when it comes back through LISTEN, on every instance alike, so the publishing instance
 * never delivers twice.
 */
export class EventBus {
  /** Tunable for tests: the stream heartbeat and the largest NOTIFY payload (PostgreSQL allows 8000 bytes). */
  readonly settings = { heartbeatMs: 25_000, maxNotifyBytes: 7_900 };
  private readonly subscribers = new Set<Subscriber>();
  private readonly watchers = new Set<CacheWatcher>();
  private transport: PgNotify | null = null;
  private reloader: Reloader | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Log,
  ) {}

  /** Starts listening on PostgreSQL; without it the bus stays in process. */
  async listen(url: string): Promise<void> {
    this.transport = await PgNotify.open(
      this.db,
      url,
      (text) => void this.receive(text),
      // While the listener is away the streams stay open and this instance's own events still reach
      // them (publish); the caches may miss other instances' writes. Once it listens again, whatever
      // was missed is dropped: the caches, and the streams, whose clients reconnect and refetch.
      { lost: () => this.tellWatchers(null), restored: () => this.resetAll() },
      this.log,
    );
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
    const transport = this.transport;
    if (!transport) return;
    try {
      await transport.notify(JSON.stringify({ x: 'stale' } satisfies StaleEnvelope));
    } catch (error) {
      this.log.error({ err: error }, 'cache invalidation not published');
    }
  }

  private tellWatchers(notice: EventNotice | null) {
    for (const watcher of this.watchers) {
      try {
        watcher(notice);
      } catch (error) {
        this.log.error({ err: error }, 'cache watcher failed');
      }
    }
  }

  /** The NOTIFY channel on PostgreSQL; undefined while events stay in process. */
  get channel(): string | undefined {
    return this.transport?.channel;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /**
   * Ends the open streams of one user on every instance, after a commit that changed what their
   * sessions may do (account deleted, password changed, administrator demoted): the heartbeat's own
   * check would take up to its whole interval. Never throws.
   */
  endSessions(userId: number, reason: InternalPayloads['session.ended']['reason']): Promise<void> {
    return this.publish('session.ended', { reason }, { user: userId });
  }

  /** Ends the open streams of a revoked station terminal and of its workers' sessions, on every instance. Never throws. */
  endTerminal(terminalId: number): Promise<void> {
    return this.publish('terminal.revoked', { terminal_id: terminalId }, { user: null });
  }

  /** Never throws: the write it reports has already committed. */
  async publish<T extends BusType>(type: T, payload: BusPayloads[T], audience: Audience): Promise<void> {
    // The correlation of `type` and `payload` holds by the signature; TypeScript cannot follow it into the union.
    const event = { type, payload, audience } as BusEvent;
    // This instance's caches first, so the writer's next read already sees its write.
    if (!isInternal(type)) this.tellWatchers({ type, audience });
    const transport = this.transport;
    if (!transport) {
      this.deliver(event);
      return;
    }
    try {
      let text = JSON.stringify({ t: type, a: audience, p: payload } satisfies Envelope);
      if (Buffer.byteLength(text) > this.settings.maxNotifyBytes) {
        const ref = recordId(event);
        if (ref === undefined) throw new Error(`event ${type} too large for NOTIFY`);
        text = JSON.stringify({ t: type, a: audience, r: ref } satisfies Envelope);
      }
      await transport.notify(text);
      // While our own LISTEN connection is down the event would not come back: deliver it here.
      if (!transport.connected) this.deliver(event);
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
      const { t: type, a: audience } = parsed;
      // Watchers need only the type and the audience: told before any reload, which may find nothing.
      if (!isInternal(type)) this.tellWatchers({ type, audience });
      let payload = parsed.p;
      if (payload === undefined && parsed.r !== undefined && !isInternal(type)) {
        payload = await this.reloader?.(type, parsed.r);
        // Gone again before we could read it: a later event (deleted) follows.
        if (payload === undefined) return;
      }
      // Written by publish() of this same code on some instance: the payload is the type's.
      this.deliver({ type, payload, audience } as BusEvent);
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
    await this.transport?.close();
  }
}
