/**
 * Benchmark of machine signals (`npm run bench:machines`).
 *
 * Starts a real Mosquitto (as the tests do) and the real app on a temporary SQLite file (or a fresh
 * schema of the PostgreSQL at BENCH_DATABASE_URL), binds 1,000 arcos to MQTT topics, and has each
 * arco change state every 5 s for 60 s: 200 transitions a second, every one a parada opened or
 * ended. An administrator's live event stream is read over HTTP; for each transition the time from
 * the device's publish to its `parada.started`/`parada.ended` event is measured. Prints how many
 * transitions were published, recorded in the database and seen on the stream, and the latency
 * percentiles.
 *
 * Env: BENCH_ARCOS (1000), BENCH_PERIOD_S (5), BENCH_SECONDS (60), BENCH_DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { ms, pct, startMqttPortal } from './lib/mqtt-portal';

const ARCOS = Number(process.env.BENCH_ARCOS ?? 1000);
const PERIOD_S = Number(process.env.BENCH_PERIOD_S ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

async function main() {
  const portal = await startMqttPortal({
    name: 'machines',
    arcos: ARCOS,
    topic: (n) => `planta/bench/arco-${n}/estado`,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    env: { MAX_CONNECTIONS: '100' },
  });
  const { app, arcos, devices } = portal;
  const db = app.ctx.db;
  console.log(`bench:machines on ${app.ctx.engine}: ${ARCOS} arcos, a change every ${PERIOD_S} s each for ${SECONDS} s`);

  // Publish time of each arco's transition still waiting for its event.
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  let seen = 0;
  await portal.readEvents((type, data, at) => {
    if (type !== 'parada.started' && type !== 'parada.ended') return;
    const arcoId = (data as { parada: { arco_sumergido_id: number } }).parada.arco_sumergido_id;
    const key = `${arcoId}:${type}`;
    const sent = pending.get(key);
    if (sent === undefined) return;
    pending.delete(key);
    latencies.push(at - sent);
    seen++;
  });

  const rounds = Math.floor(SECONDS / PERIOD_S);
  const total = rounds * ARCOS;
  const perTickMs = 50;
  const perTick = (ARCOS / PERIOD_S) * (perTickMs / 1000);
  const started = performance.now();
  let published = 0;
  for (let n = 0; n < total; ) {
    const due = Math.min(total, Math.round(((performance.now() - started) / 1000) * (ARCOS / PERIOD_S)) + perTick);
    const batch: Promise<unknown>[] = [];
    for (; n < due; n++) {
      const round = Math.floor(n / ARCOS);
      const arco = arcos[n % ARCOS];
      const state = round % 2 === 0 ? 'stopped' : 'running';
      const sentAt = performance.now();
      pending.set(`${arco.id}:${state === 'stopped' ? 'parada.started' : 'parada.ended'}`, sentAt);
      batch.push(devices[n % devices.length].publishAsync(arco.topic, JSON.stringify({ state, at: new Date().toISOString() }), { qos: 1 }));
    }
    await Promise.all(batch);
    published = n;
    await new Promise((r) => setTimeout(r, perTickMs));
  }
  const publishSeconds = (performance.now() - started) / 1000;
  // Let the last events arrive (up to 30 s).
  const waitUntil = performance.now() + 30_000;
  while (seen < total && performance.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));

  const counts = await db
    .selectFrom('paradas_kaiser')
    .select([(eb) => eb.fn.countAll<number>().as('all'), sql<number>`sum(case when end_time is null then 0 else 1 end)`.as('ended')])
    .where('source', '=', 'machine')
    .executeTakeFirstOrThrow();
  const recorded = Number(counts.all) + Number(counts.ended);
  latencies.sort((a, b) => a - b);
  console.log(`published:  ${published} transitions in ${publishSeconds.toFixed(1)} s (${(published / publishSeconds).toFixed(0)}/s)`);
  console.log(
    `recorded:   ${recorded} (${counts.all} paradas opened, ${counts.ended} ended)${recorded === total ? ' — all' : ` — MISSING ${total - recorded}`}`,
  );
  console.log(`on stream:  ${seen} events`);
  console.log(
    `publish → event stream: p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, p99 ${ms(pct(latencies, 99))}, max ${ms(latencies.at(-1) ?? Number.NaN)}`,
  );
  console.log(`p99 under 500 ms: ${pct(latencies, 99) < 500 ? 'yes' : 'NO'}`);

  await portal.close();
  process.exit(recorded === total ? 0 : 1);
}

await main();
