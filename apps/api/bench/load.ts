/**
 * Load benchmark (`npm run bench:load`).
 *
 * Seeds a realistic factory (bench/seed-factory.ts: 500 workers, 20 stations over 2 naves, 100,000
 * posts, 500,000 likes, 200,000 tramos, 1,000,000 stops over 3 years) into a temporary SQLite file,
 * starts the real app on a port, and drives autocannon (in its own process) against the main reads
 * and a write mix, plus a bare Fastify JSON handler in this same process as the yardstick. Prints
 * requests/s, p50/p99 latency and errors per endpoint; exits non-zero when any answer was not 2xx.
 *
 * Env: BENCH_DURATION (seconds per endpoint, default 10), BENCH_CONNECTIONS (50), BENCH_SCALE
 * (fraction of the default data set, default 1), BENCH_ONLY (comma list of endpoint names),
 * BENCH_DATABASE_URL (also run on a fresh schema of that PostgreSQL), BENCH_PROFILE (a folder: writes
 * a CPU profile of the server per endpoint, for Chrome DevTools or speedscope), BENCH_WALL_CACHE_MS
 * (the app's WALL_CACHE_MS; 0 measures the wall list without its page cache), BENCH_ROUNDS (alternating rounds
 * of the bare handler and the wall list, default 3: their ratio is the median round's). BENCH_ONLY=admin
 * runs the admin lists (every endpoint whose name starts with it). BENCH_SQLITE_SYNCHRONOUS (SQLite's
 * PRAGMA synchronous, `normal` or `full`, default the app's `full`; `normal,full` runs the write mix in
 * BENCH_ROUNDS alternating rounds of each on the same database and prints their medians and ratio).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, factoryToday, mondayOf } from '@portal/contract/time';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import type { SqliteSynchronous } from '../src/config';
import { createDb, type DbHandle } from '../src/db/index';
import { type CannonResult, type CannonSpec, runCannon } from './lib/cannon';
import { benchConfig } from './lib/config';
import { onBenchPostgres } from './lib/pg-schema';
import { profiled } from './lib/profile';
import { DEFAULT_SIZE, type FactorySize, seedFactory } from './seed-factory';

const TZ = 'Europe/Madrid';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** Alternating rounds of the yardstick and the wall list (their ratio is the median round's). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** SQLite's PRAGMA synchronous settings to compare on the write mix (docs/decisions/027-durable-sqlite-commits.md). */
const SYNCHRONOUS = (process.env.BENCH_SQLITE_SYNCHRONOUS ?? 'full').split(',').map((s) => s.trim() as SqliteSynchronous);
/** The target for the wall list at 50 connections (docs/performance.md). */
const TARGET = { ratio: 0.3, p99: 50 };

const size: FactorySize = Object.fromEntries(
  Object.entries(DEFAULT_SIZE).map(([k, v]) => [k, ['workers', 'stations', 'years'].includes(k) ? v : Math.round(v * SCALE)]),
) as unknown as FactorySize;

/** The yardstick: Fastify with one JSON route and nothing else, on this machine, in this run. */
async function bareServer() {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 'ok' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const { port } = bare.server.address() as { port: number };
  return { bare, url: `http://127.0.0.1:${port}` };
}

type Measured = CannonResult & { cpuPerRequest: number };

/**
 * The admin lists (docs/decisions/018-admin-lists-at-scale.md): each list's first page and a filtered
 * page — stops of one station in a week, circulares of a month, posts of one station, users by name.
 * Target: >= 1,000 req/s and p99 < 50 ms each at 50 connections.
 */
function adminListSpecs(
  common: Pick<CannonSpec, 'baseUrl' | 'connections' | 'durationSeconds'>,
  adminToken: string,
  factory: Awaited<ReturnType<typeof seedFactory>>,
  monday: string,
): CannonSpec[] {
  const station = factory.stations[0].id;
  const month = monday.slice(0, 7);
  // A part of a seeded worker's name, as an admin types it.
  const name = encodeURIComponent(factory.workers[0].name.split(' ')[0].slice(0, 4).toLowerCase());
  const list = (name: string, path: string): CannonSpec => ({ ...common, name, kind: 'get', path, tokens: [adminToken] });
  return [
    list('admin stops', '/api/admin/lists/paradas'),
    list('admin stops station+week', `/api/admin/lists/paradas?arco_sumergido_id=${station}&from=${monday}&to=${addDays(monday, 5)}`),
    list('admin circulares', '/api/tramos/page'),
    list('admin circulares month', `/api/tramos/page?from=${month}-01&to=${month}-28`),
    list('admin posts', '/api/admin/lists/posts'),
    list('admin posts station', `/api/admin/lists/posts?arco_sumergido_id=${station}`),
    list('admin comments', '/api/admin/lists/comments'),
    list('admin users', '/api/admin/lists/users'),
    list('admin users by name', `/api/admin/lists/users?q=${name}`),
  ];
}
/** The admin list targets at 50 connections. */
const LIST_TARGET = { rps: 1000, p99: 50 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One endpoint's rounds as one row: the median round's rate and p50, the worst p99 and max, CPU over all. */
function combine(rounds: Measured[]): Measured {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const sum = (pick: (r: Measured) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    name: rounds[0].name,
    requests,
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: Math.max(...rounds.map((r) => r.p99)),
    max: Math.max(...rounds.map((r) => r.max)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes,
    cpuPerRequest: sum((r) => r.cpuPerRequest * r.requests) / Math.max(1, requests),
    clientCpuPerRequest: sum((r) => r.clientCpuPerRequest * r.requests) / Math.max(1, requests),
  };
}

async function run(label: string, handle: DbHandle, dataDir: string): Promise<Measured[]> {
  console.log(`\n== ${label} ==`);
  // BENCH_WALL_CACHE_MS=0 measures the wall list without its page cache (every answer from the database).
  const wallCache = process.env.BENCH_WALL_CACHE_MS;
  const config = benchConfig(dataDir, TZ, wallCache !== undefined ? { WALL_CACHE_MS: wallCache } : {});
  const app = await buildApp({ config, db: handle, logger: false });
  const { bare, url: bareUrl } = await bareServer();
  try {
    await app.ready();
    const t0 = performance.now();
    // One transaction for the whole load on SQLite: commits are the cost of bulk inserts there.
    const factory =
      handle.engine === 'sqlite'
        ? await handle.db.transaction().execute((trx) => seedFactory(trx, TZ, size))
        : await seedFactory(handle.db, TZ, size);
    // A settled database, as autovacuum leaves a running one: PostgreSQL's visibility map and
    // statistics (index-only scans need the former). SQLite's statistics come from the seed's ANALYZE.
    if (handle.engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
    console.log(
      `seeded ${size.workers} workers, ${size.stations} stations, ${size.posts} posts, ${size.likes} likes, ${size.comments} comments, ` +
        `${size.tramos} tramos, ${size.stops} stops in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;

    // Sessions as a login would issue them: each worker signed in at their station.
    const workerTokens = factory.workers.map((w) =>
      app.ctx.tokens.sign({
        id: w.id,
        name: w.name,
        worker_id: w.worker_id,
        role: 'user',
        nave: w.nave,
        arco_sumergido_id: w.station.id,
        arco_sumergido_name: w.station.name,
        token_version: 0,
      }),
    );
    const adminToken = app.ctx.tokens.sign({
      ...factory.admin,
      role: 'admin',
      nave: null,
      arco_sumergido_id: null,
      arco_sumergido_name: null,
      token_version: 0,
    });
    // A full week of history (Monday to Saturday) two weeks back.
    const monday = mondayOf(addDays(factoryToday(TZ), -14));
    const week = `startDate=${monday}&endDate=${addDays(monday, 5)}`;
    const common = { baseUrl, connections: CONNECTIONS, durationSeconds: DURATION };
    const mixWorkers = factory.workers.map((w, i) => ({
      token: workerTokens[i],
      postIds: factory.postsByStation.get(w.station.id)!.slice(-200),
      arco: w.station.id,
    }));

    const specs: CannonSpec[] = [
      { ...common, name: 'bare fastify', kind: 'get', baseUrl: bareUrl, path: '/bare' },
      { ...common, name: 'wall list', kind: 'get', path: '/api/wall/posts', tokens: workerTokens },
      { ...common, name: 'latest tramos', kind: 'get', path: '/api/tramos?limit=5&latest=true', tokens: workerTokens },
      { ...common, name: 'stops week (worker)', kind: 'get', path: `/api/paradas-kaiser?${week}`, tokens: workerTokens },
      { ...common, name: 'stops week (admin)', kind: 'get', path: `/api/paradas-kaiser?${week}`, tokens: [adminToken] },
      { ...common, name: 'stats', kind: 'get', path: '/api/dashboard/stats', tokens: [adminToken] },
      ...adminListSpecs(common, adminToken, factory, monday),
      { ...common, name: 'wall list + likes', kind: 'wall-likes', workers: mixWorkers },
      // At most one connection per station: a station has one running stop at a time.
      { ...common, name: 'write mix', kind: 'write-mix', workers: mixWorkers, connections: Math.min(CONNECTIONS, factory.stations.length) },
    ];

    const selected = specs.filter(
      (spec) => !ONLY || ONLY.some((only) => spec.name === only || (only === 'admin' && spec.name.startsWith('admin '))),
    );
    const measure = async (spec: CannonSpec): Promise<Measured> => {
      // A short warm-up, so the JIT and the page cache are in the state a running server has.
      // A run of the write mix stops with a stop open at some stations: they are ended before the
      // next run, so its starts meet no running stop (a 409). The requests still in flight when the
      // load generator stopped are let finish first.
      const endRunning = async () => {
        if (spec.kind !== 'write-mix') return;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await handle.db
          .updateTable('paradas_kaiser')
          .set({ end_time: sql`start_time`, duration_minutes: 0 })
          .where('end_time', 'is', null)
          .execute();
      };
      // The likes of the wall mix may be left in place by a run: its warm-up uses the other half of the workers.
      const half = (parity: number) => (spec.kind === 'wall-likes' ? spec.workers?.filter((_, i) => i % 2 === parity) : spec.workers);
      await endRunning();
      await runCannon({ ...spec, durationSeconds: 1, workers: half(0) });
      await endRunning();
      const cpu = process.cpuUsage();
      const result = await profiled(PROFILE_DIR, `${label}-${spec.name}`, () => runCannon({ ...spec, workers: half(1) }));
      const used = process.cpuUsage(cpu);
      // Server CPU per answer: unlike requests/s, barely moved by other load on the machine.
      const cpuPerRequest = (used.user + used.system) / Math.max(1, result.requests);
      return { ...result, cpuPerRequest };
    };
    const print = (r: Measured, prefix = '') =>
      console.log(
        `${prefix}${r.name.padEnd(20)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors + r.timeouts}  server CPU ${r.cpuPerRequest.toFixed(0)} µs/req  load generator CPU ${r.clientCpuPerRequest.toFixed(0)} µs/req`,
      );

    const results: Measured[] = [];
    const ratios: number[] = [];
    const bareSpec = selected.find((spec) => spec.name === 'bare fastify');
    const wallSpec = selected.find((spec) => spec.name === 'wall list');
    if (bareSpec && wallSpec) {
      // The yardstick and the wall list in alternating rounds: a shared machine's load comes and goes,
      // and a burst during one of two back-to-back runs skews their ratio; the median round's does not.
      const rounds: [Measured, Measured][] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const pair: [Measured, Measured] = [await measure(bareSpec), await measure(wallSpec)];
        for (const r of pair) print(r, `round ${round}: `);
        ratios.push(pair[1].rps / pair[0].rps);
        rounds.push(pair);
      }
      results.push(combine(rounds.map((r) => r[0])), combine(rounds.map((r) => r[1])));
    }
    for (const spec of selected) {
      if (spec === bareSpec || spec === wallSpec) continue;
      if (spec.kind === 'write-mix' && handle.sqlite && SYNCHRONOUS.length > 1) {
        results.push(...(await compareSynchronous(handle.sqlite, () => measure(spec), print)));
        continue;
      }
      const result = await measure(spec);
      print(result);
      results.push(result);
    }
    console.table(
      results.map((r) => ({
        endpoint: r.name,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'max ms': r.max,
        'CPU µs/req': Math.round(r.cpuPerRequest),
        'generator µs/req': Math.round(r.clientCpuPerRequest),
        requests: r.requests,
        'non-2xx': r.non2xx,
        errors: r.errors + r.timeouts,
        statuses: JSON.stringify(r.statusCodes),
      })),
    );
    for (const r of results.filter((m) => m.name.startsWith('admin ') || m.name === 'stats')) {
      const met = r.rps >= LIST_TARGET.rps && r.p99 < LIST_TARGET.p99;
      console.log(
        `${r.name}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms (target >= ${LIST_TARGET.rps} req/s, p99 < ${LIST_TARGET.p99} ms: ${met ? 'met' : 'MISSED'})`,
      );
    }
    if (ratios.length) {
      const wall = results.find((r) => r.name === 'wall list')!;
      const ratio = median(ratios);
      const met = ratio >= TARGET.ratio && wall.p99 < TARGET.p99;
      console.log(
        `wall list / bare handler: ${(ratio * 100).toFixed(1)}% of the requests/s (median of ${ratios.length} rounds: ` +
          `${ratios.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')}), p99 ${wall.p99} ms ` +
          `(target: >= ${TARGET.ratio * 100}% and p99 < ${TARGET.p99} ms: ${met ? 'met' : 'MISSED'})`,
      );
    }
    return results;
  } finally {
    await bare.close();
    await app.close();
  }
}

/**
 * The write mix under each PRAGMA synchronous setting, in alternating rounds on the same database
 * (a shared machine's load comes and goes): each setting's median round, and their ratio.
 */
async function compareSynchronous(
  sqlite: NonNullable<DbHandle['sqlite']>,
  measure: () => Promise<Measured>,
  print: (r: Measured, prefix?: string) => void,
): Promise<Measured[]> {
  const rounds = new Map<SqliteSynchronous, Measured[]>(SYNCHRONOUS.map((s) => [s, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const setting of SYNCHRONOUS) {
      sqlite.pragma(`synchronous = ${setting}`);
      const result = { ...(await measure()), name: `write mix (${setting})` };
      print(result, `round ${round}: `);
      rounds.get(setting)!.push(result);
    }
  }
  sqlite.pragma(`synchronous = ${SYNCHRONOUS[0]}`);
  const combined = [...rounds.values()].map(combine);
  const [first, ...others] = combined;
  for (const other of others) {
    console.log(
      `${other.name} / ${first.name}: ${((other.rps / first.rps) * 100).toFixed(1)}% of the requests/s, ` +
        `p50 ${other.p50} vs ${first.p50} ms, p99 ${other.p99} vs ${first.p99} ms (medians of ${ROUNDS} rounds; p99 the worst round's)`,
    );
  }
  return combined;
}

/** The worker reads on PostgreSQL: within this factor of SQLite's requests/s in the same run. */
const PG_WORKER_READS = { names: ['latest tramos', 'stops week (worker)'], maxRatio: 2 };

function printEngineRatios(sqlite: Measured[], postgres: Measured[]): void {
  for (const name of PG_WORKER_READS.names) {
    const a = sqlite.find((r) => r.name === name);
    const b = postgres.find((r) => r.name === name);
    if (!a || !b) continue;
    const ratio = a.rps / Math.max(1, b.rps);
    const met = ratio <= PG_WORKER_READS.maxRatio;
    console.log(
      `${name}: SQLite ${a.rps.toFixed(0)} ÷ PostgreSQL ${b.rps.toFixed(0)} req/s = ${ratio.toFixed(2)} ` +
        `(target <= ${PG_WORKER_READS.maxRatio}: ${met ? 'met' : 'MISSED'})`,
    );
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-load-'));
  const all: Measured[] = [];
  try {
    const sqlite = await run(
      'SQLite',
      createDb({ sqliteFile: path.join(dataDir, 'load.sqlite'), sqliteSynchronous: SYNCHRONOUS[0] }),
      dataDir,
    );
    all.push(...sqlite);

    await onBenchPostgres('load', async (url) => {
      const postgres = await run('PostgreSQL', createDb({ databaseUrl: url, sqliteFile: '', poolSize: 20 }), dataDir);
      all.push(...postgres);
      console.log('');
      printEngineRatios(sqlite, postgres);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = all.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
  if (failed.length) {
    console.error(`\nFAILED: error answers from ${failed.map((r) => `${r.name} ${JSON.stringify(r.statusCodes)}`).join(', ')}`);
    process.exit(1);
  }
  console.log('\nNo error answers.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
