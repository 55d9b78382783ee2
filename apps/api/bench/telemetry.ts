/**
 * Benchmark of weld telemetry (`npm run bench:telemetry`).
 *
 * A real Mosquitto and the real app (bench/lib/mqtt-portal.ts) on a temporary SQLite file, or with
 * BENCH_ENGINE=postgres on a throwaway PostgreSQL cluster of its own (fsync on), or on a fresh schema
 * of the PostgreSQL at BENCH_DATABASE_URL (no outage there). BENCH_ARCOS arcos (50) bound to MQTT
 * topics publish simulated SAW samples (bench/simulate-arco.ts) at BENCH_HZ (10) in batches of one
 * second on `<topic>/telemetry` for BENCH_SECONDS (60; the full run: 600), with a database outage of
 * BENCH_OUTAGE_SECONDS (0; the full run: 60) in the middle of them, then BENCH_BURST_SECONDS (10; the
 * full run: 30) at BENCH_BURST_RATE samples a second (5,000).
 *
 * The outage: on PostgreSQL the cluster is stopped (`pg_ctl stop -m fast`) and started again; on
 * SQLite another process holds the database file's write lock (BEGIN IMMEDIATE) for that long, as a
 * backup tool or a shell left in a transaction would.
 *
 * The devices publish from a child process (this file again, BENCH_PUBLISHER set), on schedule
 * whatever the portal is doing (a locked SQLite file stalls its process for the busy timeout). An
 * administrator's event stream is read over HTTP by the portal's process: for each batch, publish (the
 * child's clock) → its 'weld.live' event (the event carries the batch's last device time; one a second
 * per arco), by phase. Prints samples published vs stored, the latency percentiles, the portal
 * process's CPU per 1,000 samples (with the stream reader; PostgreSQL's own CPU not counted), its RSS,
 * the machine's load average, the portal's event-loop delay and the machine's CPU pressure (how much
 * of the run some task waited for a processor: a run spoiled by other sessions shows there).
 *
 *   npm run bench:telemetry                                                   # 60 s at 500/s, 10 s at 5,000/s
 *   BENCH_OUTAGE_SECONDS=60 BENCH_SECONDS=120 npm run bench:telemetry         # with a 60 s outage
 *   BENCH_SECONDS=600 BENCH_OUTAGE_SECONDS=60 BENCH_BURST_SECONDS=30 BENCH_ENGINE=postgres npm run bench:telemetry
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { countSamples } from '../src/modules/telemetry/service';
import { device } from '../test/mosquitto';
import { startCluster, type TestCluster } from '../test/pg-cluster';
import { ms, pct, startMqttPortal } from './lib/mqtt-portal';
import { sawSamples } from './simulate-arco';

const ARCOS = Number(process.env.BENCH_ARCOS ?? 50);
const HZ = Number(process.env.BENCH_HZ ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 0);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 10);
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 5000);
const ENGINE = process.env.BENCH_ENGINE ?? (process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite');

type Phase = 'before the outage' | 'outage' | 'after the outage' | 'burst';

/** Holds the SQLite file's write lock from another process for `seconds` (resolves once it holds it). */
async function lockSqlite(file: string, seconds: number): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `const db = require(${JSON.stringify(driver)})(${JSON.stringify(file)}); db.exec('begin immediate');
process.stdout.write('locked\\n'); setTimeout(() => { db.exec('rollback'); db.close(); }, ${seconds * 1000});`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
  });
}

/**
 * Linux's CPU pressure so far (µs some task waited for a processor; /proc/pressure/cpu), or null
 * elsewhere: on the shared machine it tells a run spoiled by other sessions' load from a slow portal.
 */
function cpuWaitedUs(): number | null {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

/** Now on a clock both processes share (epoch ms, sub-millisecond). */
const now = () => performance.timeOrigin + performance.now();

interface Plan {
  brokerUrl: string;
  arcos: { id: number; topic: string }[];
  start: number;
  outageFrom: number;
  outage: number;
}

/** A batch published: its key (arco and last device time), when, in which phase, how many samples. */
interface Sent {
  key: string;
  at: number;
  phase: Phase;
  samples: number;
}

const phaseOf = (plan: Plan, s: number): Phase =>
  s >= SECONDS
    ? 'burst'
    : !plan.outage || s < plan.outageFrom
      ? 'before the outage'
      : s < plan.outageFrom + plan.outage
        ? 'outage'
        : 'after the outage';

/** The child: every arco's batch of each second on schedule; in the burst, batches of BURST_RATE / ARCOS samples. */
async function publish(plan: Plan) {
  const devices = await Promise.all(Array.from({ length: 4 }, () => device(plan.brokerUrl)));
  for (let s = 0; s < SECONDS + BURST_SECONDS; s++) {
    const perArco = s < SECONDS ? HZ : Math.ceil(BURST_RATE / ARCOS);
    const at = plan.start + s * 1000;
    while (Date.now() < at) await new Promise((r) => setTimeout(r, 5));
    const batches = plan.arcos.map((arco) => ({ topic: `${arco.topic}/telemetry`, id: arco.id }));
    const sent: Sent[] = [];
    const publishing = batches.map(({ topic, id }, n) => {
      const samples = sawSamples(n + 1, at, perArco, perArco);
      sent.push({ key: `${id}:${samples[samples.length - 1].t}`, at: now(), phase: phaseOf(plan, s), samples: samples.length });
      return devices[n % devices.length].publishAsync(topic, JSON.stringify(samples), { qos: 1 });
    });
    process.send?.(sent);
    await Promise.all(publishing);
  }
  for (const d of devices) await d.endAsync();
  // The last word, once every earlier one is written (the portal's process may be slow to read them).
  await new Promise<void>((resolve) => process.send?.('done', () => resolve()));
  process.exit(0);
}

async function main() {
  const cluster: TestCluster | null = ENGINE === 'postgres' && !process.env.BENCH_DATABASE_URL ? await startCluster('-c fsync=on') : null;
  const databaseUrl = cluster?.url ?? process.env.BENCH_DATABASE_URL;
  const portal = await startMqttPortal({
    name: 'telemetry',
    arcos: ARCOS,
    topic: (n) => `planta/bench/arco-${n}`,
    databaseUrl,
    publishers: 0,
  });
  const { app, arcos } = portal;
  const outage = OUTAGE_SECONDS > 0 && (cluster !== null || app.ctx.engine === 'sqlite') ? OUTAGE_SECONDS : 0;
  const outageFrom = Math.floor((SECONDS - outage) / 2);
  console.log(
    `bench:telemetry on ${app.ctx.engine}${cluster ? ' (a cluster of its own)' : ''}: ${ARCOS} arcos × ${HZ} Hz for ${SECONDS} s` +
      `${outage ? ` with a ${outage} s outage from second ${outageFrom}` : ''}, then ${BURST_SECONDS} s at ${BURST_RATE} samples/s`,
  );
  if (OUTAGE_SECONDS > 0 && !outage)
    console.log('(no outage: the PostgreSQL at BENCH_DATABASE_URL is not ours to stop; use BENCH_ENGINE=postgres)');

  // Publish time and phase of each batch by arco and last device time.
  const sentAt = new Map<string, { at: number; phase: Phase }>();
  const latencies = new Map<Phase, number[]>();
  let events = 0;
  /** Events that came before the child's word about their publish. */
  const early = new Map<string, number>();
  const matched = (sent: { at: number; phase: Phase }, at: number) => {
    events++;
    latencies.set(sent.phase, [...(latencies.get(sent.phase) ?? []), at - sent.at]);
  };
  await portal.readEvents((type, data) => {
    if (type !== 'weld.live') return;
    const at = now();
    const live = data as { arco_sumergido_id: number; at: string };
    const key = `${live.arco_sumergido_id}:${Date.parse(live.at)}`;
    const sent = sentAt.get(key);
    if (sent === undefined) {
      early.set(key, at);
      return;
    }
    sentAt.delete(key);
    matched(sent, at);
  });

  const plan: Plan = { brokerUrl: portal.broker.url, arcos, start: Date.now() + 2000, outageFrom, outage };
  const loads: number[] = [loadavg()[0]];
  const cpu0 = process.cpuUsage();
  const waited0 = cpuWaitedUs();
  // The portal's event loop (with the stream reader): how long it was kept from running.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let published = 0;
  let batches = 0;
  let maxRss = 0;
  let publishedAtBack = 0;
  let backlogSeconds = Number.NaN;
  const start = plan.start;
  const runStart = performance.now();
  const sampling = setInterval(() => {
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
    loads.push(loadavg()[0]);
  }, 1000);
  const publisher = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, BENCH_PUBLISHER: JSON.stringify(plan) } });
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  publisher.on('message', (list: Sent[] | 'done') => {
    if (list === 'done') {
      finished();
      return;
    }
    for (const sent of list) {
      const at = early.get(sent.key);
      if (at === undefined) sentAt.set(sent.key, { at: sent.at, phase: sent.phase });
      else {
        early.delete(sent.key);
        matched(sent, at);
      }
      published += sent.samples;
      batches++;
    }
  });
  publisher.once('exit', (code) => {
    if (code !== 0) console.log(`the publishers' process exited ${code}`);
    // Its last messages may still be on their way.
    setTimeout(finished, 2000);
  });
  if (outage) {
    await new Promise((r) => setTimeout(r, Math.max(0, start + outageFrom * 1000 - Date.now())));
    if (cluster) await cluster.stopInBackground('fast');
    else await lockSqlite(portal.sqliteFile, outage);
    await new Promise((r) => setTimeout(r, Math.max(0, start + (outageFrom + outage) * 1000 - Date.now())));
    if (cluster) await cluster.startInBackground();
    const backAt = performance.now();
    publishedAtBack = published;
    // When everything published until the database was back is stored.
    void (async () => {
      while ((await countSamples(app.ctx).catch(() => 0)) < publishedAtBack) await new Promise((r) => setTimeout(r, 250));
      backlogSeconds = (performance.now() - backAt) / 1000;
    })();
  }
  await done;
  const publishSeconds = (Date.now() - start) / 1000;
  let stored = 0;
  const waitUntil = performance.now() + 300_000;
  while (performance.now() < waitUntil) {
    stored = await countSamples(app.ctx);
    if (stored >= published) break;
    maxRss = Math.max(maxRss, process.memoryUsage().rss);
    await new Promise((r) => setTimeout(r, 250));
  }
  const drained = (Date.now() - start) / 1000;
  // The last events.
  await new Promise((r) => setTimeout(r, 1500));
  clearInterval(sampling);
  const cpu = process.cpuUsage(cpu0);
  maxRss = Math.max(maxRss, process.memoryUsage().rss);
  loads.push(loadavg()[0]);
  console.log(
    `published:  ${published} samples in ${batches} messages in ${publishSeconds.toFixed(1)} s; all stored after ${drained.toFixed(1)} s`,
  );
  console.log(`stored:     ${stored}${stored === published ? ' — all' : ` — MISSING ${published - stored}`}`);
  if (outage) console.log(`outage:     what was published until the database was back, all stored ${backlogSeconds.toFixed(1)} s after`);
  const all: number[] = [];
  for (const phase of ['before the outage', 'outage', 'after the outage', 'burst'] as Phase[]) {
    const list = (latencies.get(phase) ?? []).sort((a, b) => a - b);
    all.push(...list);
    if (!list.length) continue;
    console.log(
      `publish → weld.live, ${phase}${!outage && phase === 'before the outage' ? ' (500/s, no outage)' : ''}: ${list.length} events, p50 ${ms(pct(list, 50))}, p95 ${ms(pct(list, 95))}, p99 ${ms(pct(list, 99))}, max ${ms(list.at(-1) ?? Number.NaN)}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `publish → weld.live, all: ${events} events of ${batches} batches, p50 ${ms(pct(all, 50))}, p95 ${ms(pct(all, 95))}, p99 ${ms(pct(all, 99))}`,
  );
  const steady = (latencies.get('before the outage') ?? []).sort((a, b) => a - b);
  console.log(`p99 under 500 ms at 500/s with the database up: ${pct(steady, 99) < 500 ? 'yes' : 'NO'}`);
  console.log(
    `CPU: ${(((cpu.user + cpu.system) / 1000 / published) * 1000).toFixed(1)} ms per 1,000 samples (the portal and the stream reader); RSS max ${(maxRss / 2 ** 20).toFixed(0)} MiB`,
  );
  console.log(`load average (1 min): ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} during the run`);
  loopDelay.disable();
  console.log(
    `event loop: delay p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)} (the portal's process, the stream reader with it)`,
  );
  const waited1 = cpuWaitedUs();
  if (waited0 !== null && waited1 !== null)
    console.log(
      `CPU pressure: some task waited for a processor ${(((waited1 - waited0) / 1000 / (performance.now() - runStart)) * 100).toFixed(0)}% of the run (/proc/pressure/cpu)`,
    );

  // What a stored sample costs on disk (table and its key), for the sizes per month (decision 081).
  if (app.ctx.engine === 'sqlite') {
    const { rows } = await sql<{
      bytes: number;
    }>`select sum(pgsize) as bytes from dbstat where name in ('telemetry_samples', 'sqlite_autoindex_telemetry_samples_1')`.execute(
      app.ctx.db,
    );
    console.log(`disk:       ${(Number(rows[0].bytes) / stored).toFixed(1)} bytes per stored sample (SQLite, table and key)`);
  } else {
    const { rows } = await sql<{ bytes: number }>`select pg_total_relation_size('telemetry_samples') as bytes`.execute(app.ctx.db);
    console.log(`disk:       ${(Number(rows[0].bytes) / stored).toFixed(1)} bytes per stored sample (PostgreSQL, table and key)`);
  }
  await portal.close();
  cluster?.close();
  process.exit(stored === published ? 0 : 1);
}

if (process.env.BENCH_PUBLISHER) await publish(JSON.parse(process.env.BENCH_PUBLISHER) as Plan);
else await main();
