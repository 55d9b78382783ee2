import type { Config } from './config';
import type { Db, DbHandle } from './db/index';
import { UserCache } from './lib/auth-user';
import { EventBus } from './lib/event-bus';
import { ImageStore } from './lib/images';
import type { Log } from './lib/log';
import { LogSummary } from './lib/log-summary';
import { MqttSignalClient } from './lib/mqtt-client';
import type { OutboundRules } from './lib/outbound-url';
import { createObjectStore } from './lib/storage';
import type { TokenService } from './lib/tokens';
import { PushSender, resolveVapidKeys } from './lib/web-push';

/**
 * What every service takes as its first argument, built once in app.ts: the database and its
 * engine, the factory's time zone, the image store, the event bus, the token service, the cache of
 * account rows, the log and the attempt limits. Nothing in it knows about HTTP, so a service runs
 * the same from a route, a script or a test. A step that runs inside another service's transaction
 * takes the transaction first instead (`recordAudit(trx, …)`, `endActiveParadaOf(trx, …)`).
 *
 * It is complete once built: nothing is assigned into it afterwards (`npm run lint` checks it,
 * scripts/check-wiring.mjs). What a lower module needs of a higher one is given to
 * createServiceContext (`ModuleWiring`); what a module keeps while it runs stays in the module
 * (modules/andon/state.ts) (docs/decisions/064-no-late-wiring.md).
 */
export interface ServiceContext {
  db: Db;
  engine: DbHandle['engine'];
  /** FACTORY_TZ: dates, weeks and months are computed in it. */
  tz: string;
  /** The image pipeline over the object store (`images.store`: the folder or the bucket, decision 068). */
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
   * Machine signals: the thresholds, the MQTT client when MQTT_URL is set (built here, started by
   * modules/machines/signals.ts), `stoppedSince`, when the arco's machine stopped (null: unbound or
   * running), its state row locked for the caller's transaction
   * (docs/decisions/031-machine-and-worker-stops.md), and the summaries of refused device keys and
   * MQTT messages (log and /metrics, decision 028).
   */
  machines: {
    microStopSeconds: number;
    silenceSeconds: number;
    mqtt: MqttSignalClient | null;
    stoppedSince: (ctx: ServiceContext, arcoId: number) => Promise<string | null>;
    refusals: { deviceKeys: LogSummary; mqtt: LogSummary };
  };
  /**
   * The andon's settings (docs/decisions/043-andon.md): its clock (a bench moves it) and the Web Push
   * sender (null when no VAPID keys could be had). What it keeps while it runs (the light last sent
   * per arco, the pushes under way) is the andon module's own (modules/andon/state.ts).
   */
  /** Weld telemetry's settings (docs/decisions/079-weld-telemetry.md). */
  telemetry: Config['telemetry'];
  andon: {
    now: () => Date;
    push: PushSender | null;
    /** Where a push endpoint may point (PUSH_ALLOWED_HOSTS, OUTBOUND_ALLOW_PRIVATE; docs/decisions/061-outbound-urls.md). */
    pushRules: OutboundRules;
  };
}

/**
 * What the context needs of the modules, given by app.ts when it builds the context (lower modules
 * call it through the context, so they import no higher module).
 */
export interface ModuleWiring {
  /** modules/machines/service.ts `stoppedSince`: the paradas service calls it (decision 031). */
  machineStoppedSince: ServiceContext['machines']['stoppedSince'];
}

/** The Web Push sender, or null (and a warning) when no VAPID keys could be had. */
function pushSender(config: Config, log: Log, rules: OutboundRules): PushSender | null {
  try {
    return new PushSender(resolveVapidKeys(config.andon.vapid), log, rules);
  } catch (error) {
    log.warn({ err: error }, 'no VAPID keys: Web Push is off');
    return null;
  }
}

/** The MQTT client of machine signals when MQTT_URL is set; it connects when modules/machines/signals.ts starts it. */
function mqttClient(settings: Config['machines'], log: Log): MqttSignalClient | null {
  if (!settings.mqttUrl) return null;
  return new MqttSignalClient(
    {
      url: settings.mqttUrl,
      username: settings.mqttUsername,
      password: settings.mqttPassword,
      caFile: settings.mqttCaFile,
      clientId: settings.mqttClientId,
      shareGroup: settings.mqttSharedSubscription ? 'portal' : undefined,
    },
    log,
  );
}

export function createServiceContext(
  config: Config,
  handle: DbHandle,
  tokens: TokenService,
  log: Log,
  wiring: ModuleWiring,
): ServiceContext {
  const events = new EventBus(handle.db, log);
  const userCache = new UserCache(config.authCacheMs);
  // Anything may have changed (another instance's account change, or events missed while the LISTEN
  // connection was away: docs/decisions/029-database-outages.md): the cached accounts are read again.
  events.watch((notice) => {
    if (notice === null) userCache.invalidate();
  });
  const pushRules: OutboundRules = { protocols: ['https:'], allowedHosts: config.andon.pushHosts, allowPrivate: config.andon.allowPrivate };
  return {
    db: handle.db,
    engine: handle.engine,
    tz: config.factoryTz,
    images: new ImageStore(createObjectStore(config.storage)),
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
      mqtt: mqttClient(config.machines, log),
      stoppedSince: wiring.machineStoppedSince,
      refusals: {
        deviceKeys: new LogSummary(log, 'wrong device keys (per arco and address)'),
        mqtt: new LogSummary(log, 'machine signals refused (per topic)'),
      },
    },
    telemetry: config.telemetry,
    andon: {
      now: () => new Date(),
      push: pushSender(config, log, pushRules),
      pushRules,
    },
  };
}
