import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { messages } from '@portal/contract/common';
import { TERMINAL_KEY_HEADER, TERMINAL_TOKEN_IDLE_PERIODS } from '@portal/contract/terminal';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-type';
import type { Config } from './config';
import { createServiceContext, type ServiceContext } from './context';
import { createDb, type DbHandle, dbOptionsOf } from './db/index';
import { migrateToLatest } from './db/migrate';
import { privateDirSync } from './lib/file-modes';
import { MAX_IMAGE_BYTES } from './lib/images';
import { serializeError } from './lib/log-error';
import { presignedImageOrigins } from './lib/storage';
import { createTokenService, resolveSecret, type TokenService } from './lib/tokens';
import adminListsRoutes from './modules/admin-lists/routes';
import andonRoutes from './modules/andon/routes';
import { createAndonScheduler } from './modules/andon/scheduler';
import arcosRoutes from './modules/arcos/routes';
import { pruneAttempts } from './modules/attempts/service';
import auditRoutes from './modules/audit/routes';
import authRoutes from './modules/auth/routes';
import dashboardRoutes from './modules/dashboard/routes';
import { diskRoutes } from './modules/disk/routes';
import downtimeRoutes from './modules/downtime/routes';
import eventsRoutes from './modules/events/routes';
import { reloadPayload } from './modules/events/service';
import exportsRoutes from './modules/exports/routes';
import handoversRoutes from './modules/handovers/routes';
import healthRoutes from './modules/health/routes';
import machinesRoutes from './modules/machines/routes';
import { stoppedSince as machineStoppedSince } from './modules/machines/service';
import { createMachineSignals } from './modules/machines/signals';
import motivosRoutes from './modules/motivos/routes';
import navesRoutes from './modules/naves/routes';
import paradasRoutes from './modules/paradas/routes';
import plantaRoutes from './modules/planta/routes';
import { plantaGauges } from './modules/planta/service';
import shiftsRoutes from './modules/shifts/routes';
import telemetryRoutes from './modules/telemetry/routes';
import { handleTelemetryMessage, reduceOldSamples } from './modules/telemetry/service';
import terminalsRoutes from './modules/terminals/routes';
import { findLiveTerminal, findTerminalByCredential } from './modules/terminals/service';
import timelineRoutes from './modules/timeline/routes';
import tramosRoutes from './modules/tramos/routes';
import usersRoutes from './modules/users/routes';
import { findAccount } from './modules/users/service';
import wallPageCache from './modules/wall/page-cache/plugin';
import wallRoutes from './modules/wall/routes';
import weldsRoutes from './modules/welds/routes';
import authPlugin from './plugins/auth';
import bodyDeadline from './plugins/body-deadline';
import bucketUploads from './plugins/bucket-uploads';
import connectionLimits from './plugins/connection-limits';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import eventsPlugin from './plugins/events';
import idempotencyPlugin from './plugins/idempotency';
import metricsPlugin from './plugins/metrics';
import securityHeaders from './plugins/security-headers';
import { serveWebDist, spaPage } from './plugins/web-dist';

export type { App } from './app-type';

/** The largest JSON body; multipart image uploads have their own limits (lib/images.ts). */
const BODY_LIMIT = 1024 * 1024;

/** API modules, each mounted under /api; a module registers its own paths (e.g. /tramos/:id). */
const modules: ((app: App, ctx: ServiceContext) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  navesRoutes,
  arcosRoutes,
  tramosRoutes,
  paradasRoutes,
  motivosRoutes,
  auditRoutes,
  downtimeRoutes,
  wallRoutes,
  dashboardRoutes,
  eventsRoutes,
  plantaRoutes,
  exportsRoutes,
  adminListsRoutes,
  machinesRoutes,
  andonRoutes,
  terminalsRoutes,
  shiftsRoutes,
  timelineRoutes,
  handoversRoutes,
  weldsRoutes,
  telemetryRoutes,
];

export interface BuildOptions {
  config: Config;
  /** An open database; created from the config when absent. Closed with the app either way. */
  db?: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** What Fastify logs about each request (server.ts leaves out the per-request lines by default). */
  logController?: FastifyServerOptions['logController'];
  /** Token service; built from the config's secret when absent. */
  tokens?: TokenService;
}

export async function buildApp({ config, db: handle, logger = false, logController, tokens }: BuildOptions): Promise<App> {
  const app = Fastify({
    // Errors are logged as type, message and code only, never a driver's client or query (lib/log-error.ts).
    logger:
      logger && typeof logger === 'object'
        ? { ...logger, serializers: { ...logger.serializers, err: (error: Error) => serializeError(error) } }
        : logger,
    logController,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
    // Receiving a whole request; bodies also get a deadline by their length (plugins/body-deadline.ts).
    requestTimeout: config.timeouts.requestMs,
  }).withTypeProvider<ZodTypeProvider>();
  // Node checks both time-outs on the same pass; a head never gets longer than a whole request.
  app.server.headersTimeout = Math.min(config.timeouts.headersMs, config.timeouts.requestMs);
  // MAX_CONNECTIONS is counted by plugins/connection-limits.ts, which keeps room for health and logins.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const dbHandle = handle ?? createDb(dbOptionsOf(config));
  const ctx = createServiceContext(
    config,
    dbHandle,
    tokens ?? createTokenService(resolveSecret(config), config.tokenTtlHours, config.terminalIdleMinutes * TERMINAL_TOKEN_IDLE_PERIODS),
    app.log,
    // A stopped machine's time stays covered when a parada ends (docs/decisions/031-machine-and-worker-stops.md).
    { machineStoppedSince },
  );
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await dbHandle.db.destroy();
  });
  await migrateToLatest(dbHandle.db);

  const prune = setInterval(() => void pruneAttempts(ctx).catch(() => {}), 10 * 60_000);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    // What the refusal summaries still hold goes to the log (lib/log-summary.ts).
    ctx.machines.refusals.deviceKeys.close();
    ctx.machines.refusals.mqtt.close();
  });

  registerErrorHandling(app);
  await app.register(connectionLimits, {
    maxConnections: config.maxConnections,
    limits: config.connections,
    trustProxy: config.trustProxy,
  });

  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.corsOrigins, ...presignedImageOrigins(config.storage)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...config.corsOrigins],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Images are fetched cross-origin when the SPA runs on another host (CORS_ORIGINS).
    crossOriginResourcePolicy: { policy: config.corsOrigins.length ? 'cross-origin' : 'same-origin' },
    strictTransportSecurity: false,
  });
  if (config.corsOrigins.length) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // Downloads keep the server's file name; clients can honour Retry-After on 429; the web client
      // learns the server's clock from Date and sees replayed answers (decision 016), and reads an
      // error's stable code (contract/error-codes.ts).
      exposedHeaders: ['Content-Disposition', 'Retry-After', 'Date', 'Idempotent-Replayed', 'Error-Code'],
    });
  }
  await app.register(bodyDeadline, {
    graceMs: config.timeouts.bodyGraceMs,
    minBytesPerSecond: config.timeouts.bodyMinBytesPerSecond,
    maxBodyBytes: MAX_IMAGE_BYTES + BODY_LIMIT,
  });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Portal de fábrica API', version: '1.0.0', description: 'API of the factory workers portal.' },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          terminalKey: { type: 'apiKey', in: 'header', name: TERMINAL_KEY_HEADER },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The plugins take what they need of the modules as functions: plugins/ never imports modules/.
  await app.register(authPlugin, {
    ctx,
    findAccount: (id) => findAccount(ctx.db, id),
    findTerminal: (credential) => findTerminalByCredential(ctx, credential),
    findLiveTerminal: (id) => findLiveTerminal(ctx.db, id),
  });
  await app.register(idempotencyPlugin, { ctx });
  await app.register(eventsPlugin, { ctx, databaseUrl: config.databaseUrl, reload: (type, id) => reloadPayload(ctx, type, id) });
  await app.register(wallPageCache, { ctx, ttlMs: config.wallCacheMs });
  await app.register(metricsPlugin, {
    ctx,
    token: config.metricsToken,
    pool: dbHandle.pool,
    dataDir: config.dataDir,
    plantaGauges: () => plantaGauges(ctx),
  });

  await app.register(
    async (api) => {
      const disk = diskRoutes({ dataDir: config.dataDir, warnBelowBytes: config.diskWarnBytes });
      for (const mod of [...modules, disk]) await mod(api.withTypeProvider<ZodTypeProvider>(), ctx);
    },
    { prefix: '/api' },
  );

  // The andon's escalation (docs/decisions/043-andon.md): started once the app is ready, closed
  // before the MQTT client so that its last light goes out.
  const andon = createAndonScheduler(ctx, config.andon.scanMs);
  app.addHook('onReady', async () => andon.start());
  app.addHook('preClose', () => andon.close());

  // Machine signals over MQTT (MQTT_URL): subscribed once the app is ready, closed before the database.
  const signals = createMachineSignals(ctx, (topic, payload) => handleTelemetryMessage(ctx, topic, payload));
  // Weld telemetry's raw samples reduced after TELEMETRY_RAW_DAYS (docs/decisions/081-weld-figures-and-retention.md).
  const reduce = setInterval(
    () => void reduceOldSamples(ctx).catch((error) => ctx.log.warn({ err: error }, 'telemetry not reduced')),
    3600_000,
  );
  reduce.unref();
  app.addHook('onClose', async () => clearInterval(reduce));
  if (signals) {
    app.addHook('onReady', () => signals.start());
    app.addHook('preClose', () => signals.close());
  }

  // Uploaded images: generated names never change, so they are cached for a year. From the folder as
  // files; from a bucket streamed through the server with the same headers (decision 068).
  if (ctx.images.store.driver === 'folder') {
    privateDirSync(config.uploadsDir);
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
      setHeaders: (reply) => reply.header('X-Content-Type-Options', 'nosniff'),
    });
  } else {
    await app.register(bucketUploads, { store: ctx.images.store });
  }

  if (config.webDist) await serveWebDist(app, config.webDist);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/');
    // A missing asset (/assets/old-hash.js after a deploy) is a 404, not the SPA's HTML.
    const isFile = /\.[a-z0-9]+$/i.test(url.split('?')[0]);
    if (!isApi && !isFile && config.webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      // Deep links such as /dashboard/paradas-kaiser load the SPA, which routes on the client. The
      // station terminal has a page of its own that preloads its home (docs/decisions/055-terminal-home-first-paint.md);
      // a build without it serves index.html there too.
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile(spaPage(config.webDist, url), config.webDist);
    }
    return reply.status(404).send({ message: isApi ? messages.routeNotFound : messages.notFound });
  });

  return app;
}
