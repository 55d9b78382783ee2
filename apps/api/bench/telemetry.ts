/**
 * Benchmark of weld telemetry (`npm run bench:telemetry`).
 *
 * A real Mosquitto and the real app on a temporary SQLite file (or a fresh schema of the PostgreSQL at
 * BENCH_DATABASE_URL); BENCH_ARCOS arcos (50) bound to MQTT topics publish simulated SAW samples
 * (bench/simulate-arco.ts) at BENCH_HZ (10) in batches of one second on `<topic>/telemetry` for
 * BENCH_SECONDS (30; the full run: 600), then BENCH_BURST_SECONDS (0; the full run: 30) at
 * BENCH_BURST_RATE samples a second (5,000). An administrator's event stream is read over HTTP: for each
 * batch, publish → its 'weld.live' event (the event carries the batch's last device time; one a second
 * per arco). Prints samples published vs stored, the latency percentiles, the portal process's CPU per
 * 1,000 samples (publishers included: one process) and its RSS.
 *
 *   npm run bench:telemetry                                   # 30 s at 500/s
 *   BENCH_SECONDS=600 BENCH_BURST_SECONDS=30 npm run bench:telemetry   # the 10-minute run and the burst
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { refreshTopics } from '../src/modules/machines/service';
import { countSamples } from '../src/modules/telemetry/service';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { device, startBroker } from '../test/mosquitto';
import { throwawaySchema } from './lib/pg-schema';
import { sawSamples } from './simulate-arco';

const ARCOS = Number(process.env.BENCH_ARCOS ?? 50);
const HZ = Number(process.env.BENCH_HZ ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 0);
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 5000);
const PUBLISHERS = 4;
const ADMIN = { worker_id: 'bench-admin', password: 'bench-password' };

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Reads the event stream as the web client does, handing each event to `onEvent` with its arrival time. */
async function readStream(baseUrl: string, token: string, onEvent: (type: string, data: unknown, at: number) => void, signal: AbortSignal) {
  const response = await fetch(`${baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          let type = '';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (type && data) onEvent(type, JSON.parse(data), performance.now());
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
}

async function main() {
  const broker = await startBroker();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-telemetry-'));
  const pgSchema = process.env.BENCH_DATABASE_URL ? await throwawaySchema(process.env.BENCH_DATABASE_URL, 'bench') : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    MQTT_URL: broker.url,
    MQTT_CLIENT_ID: 'portal-bench-telemetry',
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
  });
  const app = await buildApp({ config });
  await app.ready();
  const db = app.ctx.db;
  console.log(
    `bench:telemetry on ${app.ctx.engine}: ${ARCOS} arcos × ${HZ} Hz for ${SECONDS} s, then ${BURST_SECONDS} s at ${BURST_RATE} samples/s`,
  );
  const nave = await db.selectFrom('naves').select('id').orderBy('id').executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const arcos: { id: number; topic: string }[] = [];
  for (let i = 0; i < ARCOS; i++) {
    const { id } = await db
      .insertInto('arcos_sumergidos')
      .values({ name: `Arco ${i + 1}`, nave_id: nave.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = `planta/bench/arco-${i + 1}`;
    await db
      .insertInto('machine_bindings')
      .values({ arco_sumergido_id: id, topic, key_hash: null, key_created_at: null, created_at: now, updated_at: now })
      .execute();
    arcos.push({ id, topic });
  }
  while (!app.ctx.machines.mqtt?.connected) await new Promise((r) => setTimeout(r, 20));
  await refreshTopics(app.ctx);
  await upsertAdmin(db, ADMIN.worker_id, ADMIN.password, 'Bench Admin');
  const token = (await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN })).json().accessToken as string;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  // Publish time of each batch by arco and last device time.
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const controller = new AbortController();
  await readStream(
    `http://127.0.0.1:${port}`,
    token,
    (type, data, at) => {
      if (type !== 'weld.live') return;
      const live = data as { arco_sumergido_id: number; at: string };
      const key = `${live.arco_sumergido_id}:${Date.parse(live.at)}`;
      const sent = sentAt.get(key);
      if (sent === undefined) return;
      sentAt.delete(key);
      latencies.push(at - sent);
    },
    controller.signal,
  );

  const devices = await Promise.all(Array.from({ length: PUBLISHERS }, () => device(broker.url)));
  const cpu0 = process.cpuUsage();
  let published = 0;
  let maxRss = 0;
  const start = Date.now();
  // Each second: every arco's batch of that second; in the burst, batches of BURST_RATE / ARCOS samples.
  for (let s = 0; s < SECONDS + BURST_SECONDS; s++) {
    const perArco = s < SECONDS ? HZ : Math.ceil(BURST_RATE / ARCOS);
    const at = start + s * 1000;
    while (Date.now() < at) await new Promise((r) => setTimeout(r, 5));
    const batch: Promise<unknown>[] = [];
    arcos.forEach((arco, n) => {
      const samples = sawSamples(n + 1, at, perArco, perArco);
      const last = samples[samples.length - 1].t;
      sentAt.set(`${arco.id}:${last}`, performance.now());
      batch.push(devices[n % PUBLISHERS].publishAsync(`${arco.topic}/telemetry`, JSON.stringify(samples), { qos: 1 }));
      published += samples.length;
    });
    await Promise.all(batch);
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
  }
  const publishSeconds = (Date.now() - start) / 1000;
  let stored = 0;
  const waitUntil = performance.now() + 120_000;
  while (performance.now() < waitUntil) {
    stored = await countSamples(app.ctx);
    if (stored >= published) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const drained = (Date.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  maxRss = Math.max(maxRss, process.memoryUsage().rss);
  latencies.sort((a, b) => a - b);
  console.log(`published:  ${published} samples in ${publishSeconds.toFixed(1)} s; all stored after ${drained.toFixed(1)} s`);
  console.log(`stored:     ${stored}${stored === published ? ' — all' : ` — MISSING ${published - stored}`}`);
  console.log(
    `publish → weld.live: ${latencies.length} events, p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, p99 ${ms(pct(latencies, 99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}`,
  );
  console.log(`p99 under 500 ms: ${pct(latencies, 99) < 500 ? 'yes' : 'NO'}`);
  console.log(
    `CPU: ${(((cpu.user + cpu.system) / 1000 / published) * 1000).toFixed(1)} ms per 1,000 samples (portal and publishers); RSS max ${(maxRss / 2 ** 20).toFixed(0)} MiB`,
  );

  // What a stored sample costs on disk (table and its key), for the sizes per month (decision 081).
  if (app.ctx.engine === 'sqlite') {
    const { rows } = await sql<{
      bytes: number;
    }>`select sum(pgsize) as bytes from dbstat where name in ('telemetry_samples', 'sqlite_autoindex_telemetry_samples_1')`.execute(db);
    console.log(`disk:       ${(Number(rows[0].bytes) / stored).toFixed(1)} bytes per stored sample (SQLite, table and key)`);
  } else {
    const { rows } = await sql<{ bytes: number }>`select pg_total_relation_size('telemetry_samples') as bytes`.execute(db);
    console.log(`disk:       ${(Number(rows[0].bytes) / stored).toFixed(1)} bytes per stored sample (PostgreSQL, table and key)`);
  }
  controller.abort();
  for (const d of devices) await d.endAsync(true);
  await app.close();
  await broker.close();
  await pgSchema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stored === published ? 0 : 1);
}

await main();
