/**
 * Benchmark of the admin statistics (`npm run bench:stats`).
 *
 * Seeds a factory-scale data set (200,000 tramos over three years, 1,000,000 Kaiser stops, a few
 * hundred users and stations, some wall activity) into a temporary SQLite database, and into a fresh
 * schema of the PostgreSQL at BENCH_DATABASE_URL when set; builds the real app and times each
 * dashboard endpoint through app.inject. Prints the seeding time, the median, p95 and max per endpoint,
 * and the median CPU time of this process per call.
 *
 * Env: BENCH_TRAMOS, BENCH_STOPS, BENCH_CALLS (defaults 200000, 1000000, 30), BENCH_DATABASE_URL,
 * BENCH_SQLITE=0 to measure PostgreSQL only, BENCH_DAYS (default 1095: the history's length; a shorter
 * one with proportionally fewer stops keeps a month's density for a quicker run), BENCH_ONLY (comma list:
 * only the endpoints whose URL contains one of them, e.g. `shift=`), BENCH_PROFILE (a folder: a CPU
 * profile of the timed calls per endpoint), BENCH_ARC=0 to leave out weld telemetry's minutes (the
 * timeline's arc-on stretches and the plant board's arc, timed before and after they are seeded).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, addMonths, factoryDate, factoryMonth, factoryToday } from '@portal/contract/time';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { createDb, type Db, type DbHandle } from '../src/db/index';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { benchConfig } from './lib/config';
import { onBenchPostgres } from './lib/pg-schema';
import { profiled } from './lib/profile';
import { insertChunked, rng } from './seed-factory';

const TZ = 'Europe/Madrid';
const TRAMOS = Number(process.env.BENCH_TRAMOS ?? 200_000);
const STOPS = Number(process.env.BENCH_STOPS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const USERS = 300;
const STATIONS_PER_NAVE = 20;
const POSTS = 20_000;
const COMMENTS = 60_000;
const DAYS = Number(process.env.BENCH_DAYS ?? 3 * 365);
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const PROFILE_DIR = process.env.BENCH_PROFILE;
const ADMIN = { worker_id: 'bench-admin', password: 'bench-password' };

const ENDPOINTS = [
  '/api/dashboard/stats',
  '/api/dashboard/tramos-stats?period=monthly',
  '/api/dashboard/kaiser-stops-stats?period=monthly',
  '/api/dashboard/top-users-by-tramos',
  '/api/dashboard/top-users-by-kaiser-stops',
  // The downtime analysis (docs/decisions/017-downtime-records.md) of this month and of last month.
  `/api/admin/downtime?month=${factoryMonth(new Date(), TZ)}&nave=Nave%201`,
  `/api/admin/downtime?month=${addMonths(factoryMonth(new Date(), TZ), -1)}&nave=Nave%202`,
  '/api/admin/planta',
];

async function seed(db: Db) {
  const rand = rng(20261121);
  const now = new Date().toISOString();
  const today = factoryToday(TZ);
  const nowMs = Date.now();

  const naves = await db.selectFrom('naves').select('id').orderBy('id').execute();
  const stations: { id: number; nave_id: number }[] = [];
  for (const nave of naves) {
    for (let i = 0; i < STATIONS_PER_NAVE; i++) {
      const r = await db
        .insertInto('arcos_sumergidos')
        // There before the history: an arco is planned only from its creation (docs/decisions/056-shift-figures-across-a-month.md).
        .values({ name: `Arco ${nave.id}-${i + 1}`, nave_id: nave.id, created_at: new Date(nowMs - (DAYS + 2) * 86_400_000).toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      stations.push({ id: r.id, nave_id: nave.id });
    }
  }

  await insertChunked(db, 'users', USERS, (i) => ({
    worker_id: `bench${String(i).padStart(4, '0')}`,
    name: `Trabajador ${String(i).padStart(4, '0')}`,
    password_hash: 'not-a-login',
    role: 'user',
    nave_id: naves[i % naves.length].id,
    created_at: now,
    updated_at: now,
  }));
  const userIds = (await db.selectFrom('users').select('id').where('worker_id', 'like', 'bench0%').execute()).map((u) => u.id);

  await insertChunked(db, 'tramos', TRAMOS, (i) => {
    const station = stations[rand(stations.length)];
    return {
      id_tramo: `TR-${i}`,
      id_proyecto: `PR-${rand(500)}`,
      id_circular: `CI-${i}`,
      circular_fecha: addDays(today, -rand(DAYS)),
      descripcion: null,
      nave_id: station.nave_id,
      arco_sumergido_id: station.id,
      // Every tenth circular belongs to a deleted user.
      user_id: i % 10 === 0 ? null : userIds[rand(userIds.length)],
      created_at: now,
      updated_at: now,
    };
  });

  // The newest stop of the first 50 users is still active (at most one per user and one per station).
  const active = new Set(userIds.slice(0, 50));
  const stationsStopped = new Set<number>();
  const motivos = (await db.selectFrom('motivos').select('id').execute()).map((m) => m.id);
  await insertChunked(db, 'paradas_kaiser', STOPS, (i) => {
    const userId = i % 20 === 0 ? null : userIds[rand(userIds.length)];
    const station = stations[rand(stations.length)].id;
    const isActive = userId !== null && !stationsStopped.has(station) && active.delete(userId);
    if (isActive) stationsStopped.add(station);
    const startMs = isActive ? nowMs - rand(3_600_000) : nowMs - 3_600_000 - rand(DAYS * 86_400_000);
    const minutes = 1 + rand(120);
    return {
      user_id: userId,
      arco_sumergido_id: station,
      // Three stops in four name a motivo.
      motivo_id: i % 4 === 0 ? null : motivos[rand(motivos.length)],
      date: factoryDate(startMs, TZ),
      start_time: new Date(startMs).toISOString(),
      end_time: isActive ? null : new Date(startMs + minutes * 60_000).toISOString(),
      duration_minutes: isActive ? null : minutes,
      description: null,
      created_at: now,
      updated_at: now,
    };
  });

  await insertChunked(db, 'wall_posts', POSTS, (i) => ({
    user_id: userIds[i % userIds.length],
    arco_sumergido_id: stations[i % stations.length].id,
    wall_name: 'Main',
    content: `Publicación ${i}`,
    created_at: now,
    updated_at: now,
  }));
  const firstPost = (await db.selectFrom('wall_posts').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  await insertChunked(db, 'wall_comments', COMMENTS, (i) => ({
    post_id: firstPost + rand(POSTS),
    user_id: userIds[rand(userIds.length)],
    content: `Comentario ${i}`,
    created_at: now,
    updated_at: now,
  }));

  // A production database has planner statistics; a freshly loaded one needs them gathered once.
  await sql.raw('analyze').execute(db);
}

// The arco timeline (docs/decisions/041-arco-timeline.md): a nave of 50 machine-bound arcos with a week of
// machine stops, one every TIMELINE_GAP_MINUTES on average (a quarter of them micro-stops), beside the
// factory above.
const TIMELINE_ARCOS = 50;
const TIMELINE_NAVE = 'Nave Línea';
const TIMELINE_GAP_MINUTES = Number(process.env.BENCH_TIMELINE_GAP ?? 30);

async function seedTimeline(db: Db) {
  const rand = rng(20261126);
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const nave = await db.insertInto('naves').values({ name: TIMELINE_NAVE, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const motivos = (await db.selectFrom('motivos').select('id').execute()).map((m) => m.id);
  const stops: Record<string, unknown>[] = [];
  for (let a = 0; a < TIMELINE_ARCOS; a++) {
    const arco = await db
      .insertInto('arcos_sumergidos')
      .values({ name: `Arco Línea ${a + 1}`, nave_id: nave.id, created_at: new Date(nowMs - 30 * 86_400_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('machine_bindings')
      .values({
        arco_sumergido_id: arco.id,
        topic: `bench/linea/${a}`,
        key_hash: null,
        key_created_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('machine_states')
      .values({ arco_sumergido_id: arco.id, state: 'running', state_at: now, last_report_at: now })
      .execute();
    for (let t = nowMs - 8 * 86_400_000; ; ) {
      t += (5 + rand(2 * TIMELINE_GAP_MINUTES - 10)) * 60_000;
      const micro = rand(4) === 0;
      const seconds = micro ? 20 + rand(90) : 120 + rand(20 * 60);
      if (t + seconds * 1000 >= nowMs) break;
      stops.push({
        user_id: null,
        arco_sumergido_id: arco.id,
        motivo_id: micro || rand(3) === 0 ? null : motivos[rand(motivos.length)],
        date: factoryDate(t, TZ),
        start_time: new Date(t).toISOString(),
        end_time: new Date(t + seconds * 1000).toISOString(),
        duration_minutes: Math.round(seconds / 60),
        description: null,
        source: 'machine',
        micro_stop: micro ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
      t += seconds * 1000;
    }
  }
  await insertChunked(db, 'paradas_kaiser', stops.length, (i) => stops[i]);
  await sql.raw('analyze').execute(db);
  console.log(`timeline: ${TIMELINE_ARCOS} arcos, ${stops.length} machine stops over 8 days`);
}

// Weld telemetry for the timeline's nave (docs/decisions/090-arc-on-board-and-timeline.md): every minute of
// the 8 days has its per-minute row, as a device publishing around the clock leaves them, the arc burning
// in stretches of 5 to 35 minutes with 5 to 30 off between (about half the time: an upper bound of a
// submerged-arc shop's arc-on share); and each arco's last 10 s of raw samples at 10 Hz, dated a minute
// ahead (a device's clock may be, decision 079) so that the plant board finds every arc burning all run.
const ARC_BENCH = process.env.BENCH_ARC !== '0';

async function seedArc(db: Db): Promise<number> {
  const rand = rng(20261129);
  const nowMinute = Math.floor(Date.now() / 60_000);
  const arcos = await db
    .selectFrom('arcos_sumergidos')
    .innerJoin('naves', 'naves.id', 'arcos_sumergidos.nave_id')
    .select('arcos_sumergidos.id')
    .where('naves.name', '=', TIMELINE_NAVE)
    .execute();
  const minutes: Record<string, unknown>[] = [];
  const samples: Record<string, unknown>[] = [];
  for (const { id } of arcos) {
    for (let m = nowMinute - 8 * 1440; m < nowMinute; ) {
      const on = 5 + rand(31);
      for (let k = 0; k < on && m < nowMinute; k++, m++) {
        const arcMs = k === 0 || k === on - 1 ? 1000 * (10 + rand(50)) : 60_000;
        minutes.push({
          arco_sumergido_id: id,
          minute: m,
          n: 600,
          arc_ms: arcMs,
          length_mm: arcMs * 0.0075,
          wire_m: arcMs / 30_000,
          i_mean: 600,
          u_mean: 32,
        });
      }
      const off = 5 + rand(26);
      for (let k = 0; k < off && m < nowMinute; k++, m++) {
        minutes.push({ arco_sumergido_id: id, minute: m, n: 600, arc_ms: 0, length_mm: 0, wire_m: 0, i_mean: null, u_mean: null });
      }
    }
    const ahead = Date.now() + 50_000;
    for (let k = 0; k < 100; k++)
      samples.push({ arco_sumergido_id: id, t: ahead + k * 100, arc: 1, i: 600, u: 32, wf: 2, v: 50, temp: null });
  }
  await insertChunked(db, 'telemetry_minutes', minutes.length, (i) => minutes[i]);
  await insertChunked(db, 'telemetry_samples', samples.length, (i) => samples[i]);
  return minutes.filter((m) => Number(m.arc_ms) > 0).length;
}

/** The timeline of the 50 arcos over the last week and over the last day. */
const timelineEndpoints = () => {
  const now = Date.now();
  const nave = encodeURIComponent(TIMELINE_NAVE);
  const range = (days: number) => `from=${new Date(now - days * 86_400_000).toISOString()}&to=${new Date(now).toISOString()}`;
  return [`/api/timeline?nave=${nave}&${range(7)}`, `/api/timeline?nave=${nave}&${range(1)}`];
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(label: string, handle: DbHandle, dataDir: string) {
  console.log(`\n== ${label} ==`);
  const config = benchConfig(dataDir, TZ);
  const app = await buildApp({ config, db: handle });
  try {
    await app.ready();
    const t0 = performance.now();
    if (handle.engine === 'sqlite') {
      // One transaction for the whole load: SQLite commits are the cost of bulk inserts.
      await handle.db.transaction().execute(async (trx) => {
        await seed(trx);
        await seedTimeline(trx);
      });
    } else {
      await seed(handle.db);
      await seedTimeline(handle.db);
      // As autovacuum leaves a table between bulk loads: the visibility map lets index-only scans skip the heap.
      await sql`vacuum analyze`.execute(handle.db);
    }
    console.log(
      `seeded ${TRAMOS} tramos, ${STOPS} stops, ${USERS} users, ${POSTS} posts, ${COMMENTS} comments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    await upsertAdmin(handle.db, ADMIN.worker_id, ADMIN.password, 'Admin Bench');
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };

    const stats = await app.inject({ method: 'GET', url: '/api/dashboard/stats', headers });
    console.log('totals:', stats.body);

    // Statistics by shift (docs/decisions/040-shift-calendar.md): last month's analysis of one shift.
    const tarde = await handle.db.selectFrom('shift_versions').select('shift_id').where('name', '=', 'Tarde').executeTakeFirstOrThrow();
    const byShift = `/api/admin/downtime?month=${addMonths(factoryMonth(new Date(), TZ), -1)}&nave=Nave%201&shift=${tarde.shift_id}`;

    const rows: Record<string, string>[] = [];
    const urls = [...ENDPOINTS, byShift, ...timelineEndpoints()].filter((url) => !ONLY || ONLY.some((o) => url.includes(o)));
    const time = async (url: string, suffix = '') => {
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url, headers }); // warm-up
      const times: number[] = [];
      const cpu: number[] = [];
      await profiled(PROFILE_DIR, `${label}-${url.slice(5, 60)}${suffix}`, async () => {
        for (let i = 0; i < CALLS; i++) {
          const start = performance.now();
          const used = process.cpuUsage();
          const res = await app.inject({ method: 'GET', url, headers });
          const spent = process.cpuUsage(used);
          times.push(performance.now() - start);
          cpu.push((spent.user + spent.system) / 1000);
          if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        }
      });
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      rows.push({
        endpoint:
          url
            .replace('/api/dashboard/', '')
            .replace('/api/admin/', 'admin/')
            .replace(
              /&from=.*&to=[^&]*/,
              (r) => ` (${Math.round((Date.parse(r.split('&to=')[1]) - Date.parse(r.split('&from=')[1].split('&')[0])) / 86_400_000)} d)`,
            ) + suffix,
        'median ms': percentile(times, 50).toFixed(2),
        'p95 ms': percentile(times, 95).toFixed(2),
        'max ms': times[times.length - 1].toFixed(2),
        // This process's CPU (SQLite's work included, not PostgreSQL's): the figure a busy machine moves least.
        'median cpu ms': percentile(cpu, 50).toFixed(2),
      });
    };
    for (const url of urls) await time(url);
    if (ARC_BENCH) {
      // The same reads once the timeline's nave has weld telemetry: its arc-on stretches and the board's arc.
      const arcUrls = urls.filter((url) => url.includes('timeline') || url.includes('planta'));
      const t1 = performance.now();
      const arcMinutes = await seedArc(handle.db);
      await sql.raw(handle.engine === 'sqlite' ? 'analyze' : 'vacuum analyze').execute(handle.db);
      console.log(
        `arc: ${arcMinutes} minutes with arc time of ${TIMELINE_ARCOS} arcos over 8 days, seeded in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
      for (const url of arcUrls) await time(url, ' + arc');
      const week = arcUrls.find((url) => url.includes('timeline'));
      if (week) {
        const res = await app.inject({ method: 'GET', url: week, headers });
        const body = res.json() as { arcos: { bars: unknown[]; arc?: unknown[] }[] };
        console.log(
          `week answer: ${(res.body.length / 1e6).toFixed(2)} MB, ${body.arcos.reduce((n, a) => n + a.bars.length, 0)} bars, ${body.arcos.reduce((n, a) => n + (a.arc?.length ?? 0), 0)} arc-on stretches`,
        );
      }
    }
    console.table(rows);
  } finally {
    await app.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  try {
    if (process.env.BENCH_SQLITE !== '0') await run('SQLite', createDb({ sqliteFile: path.join(dataDir, 'bench.sqlite') }), dataDir);

    await onBenchPostgres('bench', (url) => run('PostgreSQL', createDb({ databaseUrl: url, sqliteFile: '' }), dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
