import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { StorageConfig } from './lib/storage';

/** SQLite's PRAGMA synchronous: `full` syncs the WAL at every commit, `normal` only at checkpoints. */
export type SqliteSynchronous = 'normal' | 'full';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/web/dist, served as the SPA when it has been built. */
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  // Named prepared statements on PostgreSQL (docs/decisions/021-postgres-prepared-statements.md).
  PG_PREPARED_STATEMENTS: z.enum(['true', 'false', '1', '0']).default('true'),
  // SQLite's commit durability (docs/decisions/027-durable-sqlite-commits.md).
  SQLITE_SYNCHRONOUS: z.enum(['normal', 'full']).default('full'),
  JWT_SECRET: optionalText.refine((v) => !v || v.length >= 32, 'must be at least 32 characters'),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  // The station terminal (docs/decisions/036-station-terminal.md): idle sign-out, and its sessions' lifetime.
  TERMINAL_IDLE_MINUTES: z.coerce.number().int().min(1).max(120).default(5),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  WALL_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  FACTORY_TZ: z
    .string()
    .default('Europe/Madrid')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'is not a known IANA time zone'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ADMIN_WORKER_ID: optionalText,
  ADMIN_PASSWORD: optionalText,
  WEB_DIST: z.string().default(DEFAULT_WEB_DIST),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['true', 'false', '1', '0']).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().positive().default(200),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(50),
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  // Time-outs and the connection cap (docs/configuration.md): a slow client cannot hold a
  // connection with a trickled head or body, while a 10 MB photo over a weak phone uplink still arrives.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  BODY_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  MAX_CONNECTIONS: z.coerce.number().int().positive().default(1000),
  // Connection fairness (docs/decisions/028-connection-fairness.md): 0 turns a per-address cap off.
  RESERVED_CONNECTIONS: z.coerce.number().int().min(0).default(50),
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  PENDING_HEADS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(8),
  IDEMPOTENCY_KEYS_PER_USER: z.coerce.number().int().min(1).default(500),
  DEVICE_KEY_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  // Client-stamped times of writes queued offline (decision 016): how old one may be, and how far ahead
  // of the server's clock a phone's corrected clock may run.
  CLIENT_TIME_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 7)
    .default(12),
  CLIENT_TIME_SKEW_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  METRICS_TOKEN: optionalText.refine((v) => !v || v.length >= 16, 'must be at least 16 characters'),
  // Free space of DATA_DIR under which the admin panel warns (decision 030).
  DISK_WARN_MB: z.coerce.number().int().min(0).default(1024),
  // Folder of pg_dump and pg_restore for backups on PostgreSQL (decision 030); unset: PATH, then /usr/lib/postgresql.
  PG_BIN_DIR: optionalText,
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  // Read as text, not coerced: an empty value would coerce to 0 (midnight) instead of the default.
  BACKUP_HOUR: z
    .string()
    .optional()
    .transform((v) => v?.trim() || '3')
    .refine((v) => v === 'off' || /^(?:[01]?\d|2[0-3])$/.test(v), "must be an hour from 0 to 23, or 'off'")
    .transform((v) => (v === 'off' ? null : Number(v))),
  // Machine signals (docs/decisions/020-machine-signals.md): unset MQTT_URL leaves MQTT off (HTTP devices still work).
  MQTT_URL: optionalText.refine((v) => !v || /^(mqtts?|wss?):\/\//.test(v), 'must start with mqtt://, mqtts://, ws:// or wss://'),
  MQTT_USERNAME: optionalText,
  MQTT_PASSWORD: optionalText,
  MQTT_CA_FILE: optionalText.refine((v) => !v || existsSync(v), 'file not found'),
  MQTT_CLIENT_ID: optionalText.refine((v) => !v || /^[\w.-]{1,64}$/.test(v), 'letters, digits, . _ - only, up to 64'),
  // Shared subscriptions only for brokers that restore them after a restart (Mosquitto 2.0.11 does not).
  MQTT_SHARED_SUBSCRIPTION: z
    .string()
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  MACHINE_MICRO_STOP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  MACHINE_SILENCE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 86_400)
    .default(300),
  // The andon (docs/decisions/043-andon.md): how often each instance looks for paradas to escalate, and
  // the Web Push keys (VAPID); unset keys are generated once and kept in DATA_DIR/vapid.json.
  ANDON_SCAN_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  // Weld telemetry (docs/decisions/079-weld-telemetry.md): days raw samples are kept (at least 8: a device
  // time up to 7 days old is still taken), the longest a parameter may stay out of its range, and the
  // wire's mass per metre (4.0 mm solid wire: 0.0987 kg/m).
  TELEMETRY_RAW_DAYS: z.coerce.number().int().min(8).max(3650).default(30),
  TELEMETRY_EXCURSION_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  TELEMETRY_WIRE_KG_PER_M: z.coerce.number().min(0.001).max(10).default(0.0987),
  VAPID_PUBLIC_KEY: optionalText.refine((v) => !v || /^[\w-]{80,100}$/.test(v), 'base64url P-256 public key (87 characters)'),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => !v || /^[\w-]{40,50}$/.test(v), 'base64url P-256 private key (43 characters)'),
  // Push services the server may send to (host or parent domain, comma list): a subscription names the
  // URL the server then POSTs to, so it is limited to the browsers' push services.
  PUSH_ALLOWED_HOSTS: z.string().default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com'),
  // Outbound URLs (push endpoints) may reach loopback, private, link-local and unique-local addresses
  // (docs/decisions/061-outbound-urls.md): off, so a push address never reaches the plant's network.
  OUTBOUND_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  VAPID_SUBJECT: optionalText.refine((v) => !v || /^(mailto:|https:\/\/)/.test(v), 'must start with mailto: or https://'),
  // Object storage (docs/decisions/068-object-storage.md): unset, files stay in DATA_DIR; STORAGE_URL or
  // the S3_* variables put them in an S3 bucket instead.
  STORAGE_URL: optionalText.refine(
    (v) => !v || /^s3(\+http)?:\/\/[^/]+\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/?(\?.*)?$/.test(v),
    'must be s3://[key:secret@]host[:port]/bucket[?region=…&path_style=true] (s3+http:// without TLS)',
  ),
  S3_ENDPOINT: optionalText.refine((v) => !v || /^https?:\/\/[^/]+\/?$/.test(v), 'must be http(s)://host[:port]'),
  S3_REGION: optionalText,
  S3_BUCKET: optionalText.refine((v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), 'is not a valid bucket name'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Presigned reads (docs/decisions/082-bucket-backups-and-presigned-reads.md): off (0) by default; the
  // seconds a redirect's URL is valid, and the address browsers reach the bucket at when not the endpoint.
  STORAGE_PRESIGNED_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(0)
    .refine((v) => v === 0 || v >= 30, 'must be 0 (off) or at least 30'),
  STORAGE_PUBLIC_URL: optionalText.refine((v) => !v || /^https?:\/\/[^/]+\/?$/.test(v), 'must be http(s)://host[:port]'),
});

/** STORAGE_URL or the S3_* variables (never both), or the folder DATA_DIR when neither is set. */
function storageOf(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  const storage = bucketOrFolder(e, dataDir);
  if (storage.driver === 'folder') {
    if (e.STORAGE_PRESIGNED_SECONDS || e.STORAGE_PUBLIC_URL) {
      throw new Error('Invalid environment:\n  STORAGE_PRESIGNED_SECONDS and STORAGE_PUBLIC_URL: need a bucket (STORAGE_URL or S3_*)');
    }
    return storage;
  }
  return {
    ...storage,
    ...(e.STORAGE_PRESIGNED_SECONDS ? { presignSeconds: e.STORAGE_PRESIGNED_SECONDS } : {}),
    ...(e.STORAGE_PUBLIC_URL ? { publicEndpoint: e.STORAGE_PUBLIC_URL.replace(/\/$/, '') } : {}),
  };
}

function bucketOrFolder(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  const s3Vars = [e.S3_ENDPOINT, e.S3_REGION, e.S3_BUCKET, e.S3_FORCE_PATH_STYLE, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  const anyS3 = s3Vars.some((v) => v !== undefined);
  if (e.STORAGE_URL && anyS3) throw new Error('Invalid environment:\n  STORAGE_URL and the S3_* variables: set one or the other');
  if (e.STORAGE_URL) {
    const url = new URL(e.STORAGE_URL.replace(/^s3(\+http)?:/, (_, plain) => (plain ? 'http:' : 'https:')));
    const pathStyle = url.searchParams.get('path_style');
    return {
      driver: 's3',
      endpoint: url.origin,
      region: url.searchParams.get('region') || 'us-east-1',
      bucket: url.pathname.replace(/^\/|\/$/g, ''),
      forcePathStyle: pathStyle === null ? true : pathStyle === 'true' || pathStyle === '1',
      accessKeyId: url.username ? decodeURIComponent(url.username) : undefined,
      secretAccessKey: url.password ? decodeURIComponent(url.password) : undefined,
    };
  }
  if (!anyS3) return { driver: 'folder', root: dataDir };
  if (!e.S3_BUCKET) throw new Error('Invalid environment:\n  S3_BUCKET: required when any S3_* variable is set');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION ?? 'us-east-1',
    bucket: e.S3_BUCKET,
    // A server of its own (MinIO, Ceph, Garage…) usually has no bucket DNS names: path style unless told.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1' : !!e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

export interface ClientTimeLimits {
  /** CLIENT_TIME_MAX_AGE_HOURS: older claimed times are refused. */
  maxAgeHours: number;
  /** CLIENT_TIME_SKEW_SECONDS in ms: claimed times further ahead of the server's clock are refused. */
  skewMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /**
   * Where files are kept (docs/decisions/068-object-storage.md): the folder DATA_DIR (uploads under
   * DATA_DIR/uploads) by default, or an S3 bucket (STORAGE_URL or S3_*).
   */
  storage: StorageConfig;
  databaseUrl?: string;
  /** PostgreSQL: repeated queries as named prepared statements (PG_PREPARED_STATEMENTS, default true). */
  pgPreparedStatements: boolean;
  /** SQLite file; ':memory:' in tests. Ignored when databaseUrl is set. */
  sqliteFile: string;
  /** SQLite's PRAGMA synchronous (SQLITE_SYNCHRONOUS, default full). */
  sqliteSynchronous: SqliteSynchronous;
  jwtSecret?: string;
  tokenTtlHours: number;
  /** TERMINAL_IDLE_MINUTES: a station terminal signs everyone out after this long without a touch. */
  terminalIdleMinutes: number;
  /** How long an authenticated account row may be reused (0 = read on every request). */
  authCacheMs: number;
  /** Longest life of a cached wall page (events invalidate it at once; 0 turns the cache off). */
  wallCacheMs: number;
  factoryTz: string;
  corsOrigins: string[];
  adminWorkerId?: string;
  adminPassword?: string;
  webDist?: string;
  logLevel: string;
  /**
   * A log line per request (received, answered). Off unless LOG_REQUESTS=true or LOG_LEVEL is debug
   * or trace: at info they would scroll the first administrator's password off the console at once.
   */
  logRequests: boolean;
  trustProxy: boolean;
  timeouts: {
    /** Longest wait for a request's head (request line and headers). */
    headersMs: number;
    /** A body's allowance: this grace plus its length at `bodyMinBytesPerSecond`. */
    bodyGraceMs: number;
    bodyMinBytesPerSecond: number;
    /** Outer bound on receiving a whole request, whatever its size. */
    requestMs: number;
  };
  /** Open connections the server accepts at once (each live event stream holds one). */
  maxConnections: number;
  /** Connection fairness (plugins/connection-limits.ts, decision 028). */
  connections: {
    /** The last this many of maxConnections serve only /api/health and the logins. */
    reserved: number;
    /** Open connections from one address (0: no cap); off behind TRUST_PROXY, where every socket is the proxy's. */
    perAddress: number;
    /** Connections from one address that have not finished their first head; beyond it the oldest is closed. */
    pendingHeadsPerAddress: number;
  };
  /** How long SIGTERM waits for the requests in flight before the process exits anyway. */
  shutdownGraceMs: number;
  /** The admin panel warns when DATA_DIR's file system has less free space than this. */
  diskWarnBytes: number;
  /** Bearer token of GET /metrics; unset: the endpoint answers 404 and nothing is measured. */
  metricsToken?: string;
  rateLimits: {
    loginFailures: number;
    loginIpFailures: number;
    loginAccountFailures: number;
    /** Longest pause before a login is checked, once its address or account is over its failure count. */
    loginDelayMaxMs: number;
    registrationsPerIp: number;
    windowMs: number;
    /** Live event streams one account holds on an instance; a new one beyond it closes the oldest. */
    streamsPerUser: number;
    /** Stored Idempotency-Key answers per account; the oldest go first. */
    idempotencyKeysPerUser: number;
    /** Wrong device keys per arco and address within the window before 429. */
    deviceKeyFailures: number;
  };
  /** Bounds of the time a queued write says the worker tapped (decision 016). */
  clientTime: ClientTimeLimits;
  backup: {
    /** Where `npm run backup` and the daily backup write their dated folders. */
    dir: string;
    /** Folder of pg_dump and pg_restore; undefined: PATH, then the newest /usr/lib/postgresql/<version>/bin. */
    pgBinDir?: string;
    /** How many of the newest backups retention keeps. */
    keep: number;
    /** Factory-local hour of the daily backup inside the server (SQLite only); null: none. */
    hour: number | null;
  };
  machines: {
    /** MQTT broker; undefined: no MQTT client (HTTP devices still report). */
    mqttUrl?: string;
    mqttUsername?: string;
    mqttPassword?: string;
    /** CA certificate (PEM file) that signs an mqtts:// broker's certificate. */
    mqttCaFile?: string;
    /** Stable per instance, so the broker keeps this instance's session (and its queued messages) across restarts. */
    mqttClientId: string;
    /** Subscribe as `$share/portal/<topic>` (each message to one instance) instead of a plain subscription on every instance. */
    mqttSharedSubscription: boolean;
    /** A machine stop shorter than this is kept and marked a micro-stop. */
    microStopSeconds: number;
    /** A bound arco with no report for this long shows 'Sin señal'. */
    silenceSeconds: number;
  };
  telemetry: {
    rawDays: number;
    excursionSeconds: number;
    wireKgPerM: number;
  };
  andon: {
    /** ANDON_SCAN_SECONDS in ms: the escalation scheduler's period. */
    scanMs: number;
    /** VAPID keys and subject of Web Push; keys undefined: generated once in DATA_DIR/vapid.json. */
    vapid: { publicKey?: string; privateKey?: string; subject: string; file: string };
    /** PUSH_ALLOWED_HOSTS: a subscription's endpoint must be on one of these hosts or below them. */
    pushHosts: string[];
    /** OUTBOUND_ALLOW_PRIVATE: push endpoints may resolve to loopback, private, link-local or unique-local addresses. */
    allowPrivate: boolean;
  };
}

/** Parses the environment; fails fast listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_WORKER_ID && !e.ADMIN_PASSWORD) || (!e.ADMIN_WORKER_ID && e.ADMIN_PASSWORD)) {
    throw new Error('Invalid environment:\n  ADMIN_WORKER_ID and ADMIN_PASSWORD go together');
  }
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 6) {
    throw new Error('Invalid environment:\n  ADMIN_PASSWORD: must be at least 6 characters');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    storage: storageOf(e, dataDir),
    databaseUrl: e.DATABASE_URL,
    pgPreparedStatements: e.PG_PREPARED_STATEMENTS === 'true' || e.PG_PREPARED_STATEMENTS === '1',
    sqliteFile: path.join(dataDir, 'portal.sqlite'),
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    terminalIdleMinutes: e.TERMINAL_IDLE_MINUTES,
    authCacheMs: e.AUTH_CACHE_MS,
    wallCacheMs: e.WALL_CACHE_MS,
    factoryTz: e.FACTORY_TZ,
    corsOrigins: e.CORS_ORIGINS,
    adminWorkerId: e.ADMIN_WORKER_ID,
    adminPassword: e.ADMIN_PASSWORD,
    webDist: existsSync(path.join(e.WEB_DIST, 'index.html')) ? e.WEB_DIST : undefined,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS ? e.LOG_REQUESTS === 'true' || e.LOG_REQUESTS === '1' : e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'trace',
    trustProxy: e.TRUST_PROXY,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      bodyGraceMs: e.BODY_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
      requestMs: e.REQUEST_TIMEOUT_MS,
    },
    maxConnections: e.MAX_CONNECTIONS,
    connections: {
      reserved: Math.min(e.RESERVED_CONNECTIONS, e.MAX_CONNECTIONS - 1),
      perAddress: e.CONNECTIONS_PER_ADDRESS,
      pendingHeadsPerAddress: e.PENDING_HEADS_PER_ADDRESS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    metricsToken: e.METRICS_TOKEN,
    diskWarnBytes: e.DISK_WARN_MB * 1024 * 1024,
    rateLimits: {
      loginFailures: e.LOGIN_MAX_FAILURES,
      loginIpFailures: e.LOGIN_IP_MAX_FAILURES,
      loginAccountFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
      loginDelayMaxMs: e.LOGIN_DELAY_MAX_MS,
      registrationsPerIp: e.REGISTER_MAX_PER_IP,
      windowMs: e.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      streamsPerUser: e.EVENT_STREAMS_PER_USER,
      idempotencyKeysPerUser: e.IDEMPOTENCY_KEYS_PER_USER,
      deviceKeyFailures: e.DEVICE_KEY_MAX_FAILURES,
    },
    clientTime: { maxAgeHours: e.CLIENT_TIME_MAX_AGE_HOURS, skewMs: e.CLIENT_TIME_SKEW_SECONDS * 1000 },
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      keep: e.BACKUP_KEEP,
      pgBinDir: e.PG_BIN_DIR,
      hour: e.BACKUP_HOUR,
    },
    machines: {
      mqttUrl: e.MQTT_URL,
      mqttUsername: e.MQTT_USERNAME,
      mqttPassword: e.MQTT_PASSWORD,
      mqttCaFile: e.MQTT_CA_FILE,
      mqttClientId:
        e.MQTT_CLIENT_ID ??
        `portal-${hostname()
          .replace(/[^\w.-]/g, '')
          .slice(0, 40)}-${e.PORT}`,
      mqttSharedSubscription: e.MQTT_SHARED_SUBSCRIPTION,
      microStopSeconds: e.MACHINE_MICRO_STOP_SECONDS,
      silenceSeconds: e.MACHINE_SILENCE_SECONDS,
    },
    telemetry: {
      rawDays: e.TELEMETRY_RAW_DAYS,
      excursionSeconds: e.TELEMETRY_EXCURSION_SECONDS,
      wireKgPerM: e.TELEMETRY_WIRE_KG_PER_M,
    },
    andon: {
      scanMs: e.ANDON_SCAN_SECONDS * 1000,
      vapid: {
        publicKey: e.VAPID_PUBLIC_KEY,
        privateKey: e.VAPID_PRIVATE_KEY,
        subject: e.VAPID_SUBJECT ?? 'mailto:portal@localhost',
        file: path.join(dataDir, 'vapid.json'),
      },
      pushHosts: e.PUSH_ALLOWED_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      allowPrivate: e.OUTBOUND_ALLOW_PRIVATE,
    },
  };
}
