import type { Config } from './config';
import type { Db, DbHandle } from './db/index';
import { UserCache } from './lib/auth-user';
import { EventBus } from './lib/event-bus';
import { ImageStore } from './lib/images';
import type { Log } from './lib/log';
import { LogSummary } from './lib/log-summary';
import type { MqttSignalClient } from './lib/mqtt-client';
import type { OutboundRules } from './lib/outbound-url';
import type { TokenService } from './lib/tokens';
import type { PushSender } from './lib/web-push';

/**
 * What every service takes as its first argument, built once in app.ts: the database and its
 * engine, the factory's time zone, the image store, the event bus, the token service, the cache of
 * account rows, the log and the attempt limits. Nothing in it knows about HTTP, so a service runs
 * the same from a route, a script or a test. A step that runs inside another service's transaction
 * takes the transaction first instead (`recordAudit(trx, …)`, `endActiveParadaOf(trx, …)`).
 */
export interface ServiceContext {
  db: Db;
  engine: DbHandle['engine'];
  /** FACTORY_TZ: dates, weeks and months are computed in it. */
  tz: string;
  images: ImageStore;
  /** Live events, published after each commit with their audience; also what keeps read caches current. */
  events: EventBus;
  tokens: TokenService;
  /** Account rows authentication reuses for AUTH_CACHE_MS: a service that changes an account invalidates it. */
  userCache: UserCache;
  log: Log;
  /** Attempt limits of logins, registrations and password checks. */
  limits: Config['rateLimits'];
  /** TERMINAL_IDLE_MINUTES (docs/decisions/036-station-terminal.md). */
  terminalIdleMinutes: number;
  /** Bounds of client-stamped times on writes queued offline. */
  clientTime: Config['clientTime'];
  /**
   * Machine signals: the thresholds, the MQTT subscriber when MQTT_URL is set, `stoppedSince`, when
   * the arco's machine stopped (null: unbound or running), its state row locked for the caller's
   * transaction (docs/decisions/031-machine-and-worker-stops.md) (app.ts sets those two), and the
   * summaries of refused device keys and MQTT messages (log and /metrics, decision 028).
   */
  machines: {
    microStopSeconds: number;
    silenceSeconds: number;
    mqtt: MqttSignalClient | null;
    stoppedSince: (ctx: ServiceContext, arcoId: number) => Promise<string | null>;
    refusals: { deviceKeys: LogSummary; mqtt: LogSummary };
  };
  /**
   * The andon (docs/decisions/043-andon.md): its clock (tests move it), its pass, the Web Push sender (null when
   * no VAPID keys could be had), the light last sent per arco by this instance, and the pushes and
   * MQTT messages under way (settled on close).
   */
  andon: {
    now: () => Date;
    /** Runs an andon pass now, after the one under way (set by modules/andon/scheduler.ts). */
    scan: () => Promise<void>;
    push: PushSender | null;
    /** Where a push endpoint may point (PUSH_ALLOWED_HOSTS, OUTBOUND_ALLOW_PRIVATE; docs/decisions/061-outbound-urls.md). */
    pushRules: OutboundRules;
    lights: Map<number, string>;
    background: Set<Promise<unknown>>;
  };
}

export function createServiceContext(config: Config, handle: DbHandle, tokens: TokenService, log: Log): ServiceContext {
  const events = new EventBus(handle.db, log);
  const userCache = new UserCache(config.authCacheMs);
  // Anything may have changed (another instance's account change, or events missed while the LISTEN
  // connection was away: docs/decisions/029-database-outages.md): the cached accounts are read again.
  events.watch((notice) => {
    if (notice === null) userCache.invalidate();
  });
  return {
    db: handle.db,
    engine: handle.engine,
    tz: config.factoryTz,
    images: new ImageStore(config.uploadsDir),
    events,
    tokens,
    userCache,
    log,
    limits: config.rateLimits,
    terminalIdleMinutes: config.terminalIdleMinutes,
    clientTime: config.clientTime,
    machines: {
      microStopSeconds: config.machines.microStopSeconds,
      silenceSeconds: config.machines.silenceSeconds,
      mqtt: null,
      stoppedSince: async () => null,
      refusals: {
        deviceKeys: new LogSummary(log, 'wrong device keys (per arco and address)'),
        mqtt: new LogSummary(log, 'machine signals refused (per topic)'),
      },
    },
    andon: {
      now: () => new Date(),
      scan: async () => {},
      push: null,
      pushRules: { protocols: ['https:'], allowedHosts: config.andon.pushHosts, allowPrivate: config.andon.allowPrivate },
      lights: new Map(),
      background: new Set(),
    },
  };
}
