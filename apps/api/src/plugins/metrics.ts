import { timingSafeEqual } from 'node:crypto';
import { messages } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ServiceContext } from '../context';
import { registerDiskGauge } from '../lib/disk-space';

export interface MetricsOptions {
  ctx: ServiceContext;
  /** METRICS_TOKEN: the Bearer token a scraper sends; without one the endpoint answers 404 and nothing is measured. */
  token?: string;
  /** The PostgreSQL pool, whose connections are reported; absent on SQLite (one connection, no pool). */
  pool?: pg.Pool;
  /** The plant's figures (stations stopped, paradas today), read at scrape time: the planta module's, passed in by app.ts. */
  plantaGauges: () => Promise<{ arcosStopped: number; paradasToday: number }>;
  /** DATA_DIR, whose file system's free bytes are reported. */
  dataDir?: string;
}

/** Requests whose path matched no route are counted under one label, so a scan cannot grow the series. */
const UNMATCHED = 'unmatched';

function sameToken(given: string | undefined, expected: Buffer): boolean {
  const header = given?.startsWith('Bearer ') ? Buffer.from(given.slice(7)) : Buffer.alloc(0);
  return header.length === expected.length && timingSafeEqual(header, expected);
}

/**
 * `GET /metrics` in the Prometheus text format, outside /api like /uploads (no user session: a
 * scraper's token). Requests are labelled by route pattern, never by raw URL. Figures that live
 * elsewhere (stream clients, the wall cache's counts, the pool, the plant's stops) are read at scrape
 * time, so the request path pays one synchronous onResponse hook and the wall cache one increment.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance, { ctx, token, pool, plantaGauges, dataDir }: MetricsOptions) {
    if (!token) {
      // Off: answered as any unknown file, so the SPA fallback does not serve its page here.
      app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.status(404).send({ message: messages.notFound }));
      return;
    }
    const expected = Buffer.from(token);
    const register = new Registry();
    collectDefaultMetrics({ register });

    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern',
      labelNames,
      registers: [register],
    });
    const errors = new Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a 5xx status, by route pattern',
      labelNames: ['method', 'route'] as const,
      registers: [register],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to answer, by route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    new Gauge({
      name: 'portal_event_stream_clients',
      help: 'Live event streams open on this instance',
      registers: [register],
      collect() {
        this.set(ctx.events.subscriberCount);
      },
    });
    new Counter({
      name: 'portal_wall_cache_requests_total',
      help: "Wall list requests answered from this instance's page cache (hit) or read from the database (miss)",
      labelNames: ['result'] as const,
      registers: [register],
      collect() {
        this.reset();
        this.inc({ result: 'hit' }, app.wallPages.hits);
        this.inc({ result: 'miss' }, app.wallPages.misses);
      },
    });
    new Counter({
      name: 'portal_device_key_refusals_total',
      help: 'HTTP machine reports refused for a missing or wrong device key, or over the limit of wrong ones',
      registers: [register],
      collect() {
        this.reset();
        this.inc(ctx.machines.refusals.deviceKeys.total);
      },
    });
    new Counter({
      name: 'portal_mqtt_messages_refused_total',
      help: 'MQTT machine messages refused: not a state, or on a topic no arco is bound to',
      registers: [register],
      collect() {
        this.reset();
        this.inc(ctx.machines.refusals.mqtt.total);
      },
    });
    // The object store (docs/decisions/068-object-storage.md): its failed operations since start.
    new Counter({
      name: 'portal_storage_errors_total',
      help: 'Object store operations that failed (the store unreachable or refusing), by operation',
      labelNames: ['driver', 'operation'] as const,
      registers: [register],
      collect() {
        this.reset();
        const { driver, errors } = ctx.images.store;
        for (const operation of ['put', 'get', 'head', 'remove', 'list', 'ping'] as const)
          this.inc({ driver, operation }, errors.get(operation) ?? 0);
      },
    });
    if (pool) {
      new Gauge({
        name: 'portal_db_pool_connections',
        help: 'PostgreSQL pool connections: open in all, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [register],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
    if (dataDir) registerDiskGauge(register, dataDir);
    // One database read per scrape serves both plant gauges.
    let plant: Promise<{ arcosStopped: number; paradasToday: number }> | null = null;
    const plantOnce = () => {
      plant ??= plantaGauges().finally(() => {
        plant = null;
      });
      return plant;
    };
    new Gauge({
      name: 'portal_arcos_stopped',
      help: 'Stations with a parada in progress now',
      registers: [register],
      async collect() {
        this.set((await plantOnce()).arcosStopped);
      },
    });
    new Gauge({
      name: 'portal_paradas_today',
      help: 'Paradas started today (factory date), finished or not',
      registers: [register],
      async collect() {
        this.set((await plantOnce()).paradasToday);
      },
    });

    // A callback hook: nothing to wait for on every answer.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      requests.inc({ method: request.method, route, status });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      if (status >= 500) errors.inc({ method: request.method, route });
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Without the right token the endpoint is not there, as when METRICS_TOKEN is unset.
      if (!sameToken(request.headers.authorization, expected)) return reply.status(404).send({ message: messages.notFound });
      const text = await register.metrics();
      return reply.type(register.contentType).send(text);
    });
  },
  { name: 'metrics', dependencies: ['events', 'wall-page-cache'] },
);
