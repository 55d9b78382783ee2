/**
 * Benchmark of the station terminal (`npm run bench:terminal`; docs/decisions/036-station-terminal.md).
 *
 * Starts the real app on a temporary SQLite file (or a fresh schema of the PostgreSQL at
 * BENCH_DATABASE_URL), listening on a port, with one arco, its enrolled terminal and BENCH_WORKERS
 * workers with a PIN. Over HTTP, one request at a time as one tablet makes them:
 * - PIN sign-in: `POST /api/terminal/sign-in` with the credential, worker ID and PIN (argon2id check);
 * - worker switch: a tap on another signed-in worker's chip, i.e. the first worker request with that
 *   worker's terminal session (`GET /api/paradas-kaiser/active`), alternating between workers, so each
 *   request re-reads the terminal and the account;
 * - new worker: sign-in followed by that first request (a worker who was not signed in yet).
 * Each run measures BENCH_SIGNINS sign-ins and switches; the figures printed are the medians over
 * BENCH_RUNS runs of each run's p50 and p99.
 *
 * Env: BENCH_WORKERS (12), BENCH_SIGNINS (150), BENCH_RUNS (3), BENCH_DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import { benchAdminToken, insertBenchArco, listenForBench, startBenchApp } from './lib/app';
import { workersWithPins } from './lib/terminal-device';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 12);
const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 150);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function main() {
  const { app, close } = await startBenchApp('terminal');
  const { call } = await listenForBench(app);
  try {
    console.log(`bench:terminal on ${app.ctx.engine}: ${WORKERS} workers, ${SIGNINS} sign-ins and switches a run, ${RUNS} runs`);
    const admin = await benchAdminToken(app);
    const arco = await insertBenchArco(app.ctx.db, 'Arco Bench');
    const { code } = await call('POST', `/api/admin/arcos-sumergidos/${arco.id}/terminal-codes`, { authorization: `Bearer ${admin}` });
    const { credential } = await call('POST', '/api/terminal/enrol', {}, { code, name: 'Tablet Bench' });
    const terminal = { 'x-terminal-key': credential as string };
    const workers = await workersWithPins(call, arco, WORKERS, 'bench-t', (i) => String(1000 + i));

    const signInOf = async (w: { worker_id: string; pin: string }) =>
      (await call('POST', '/api/terminal/sign-in', terminal, w)).token as string;
    // Warm-up: every worker once (JIT, statement caches).
    const tokens = await Promise.all(workers.map(signInOf));
    for (const token of tokens) await call('GET', '/api/paradas-kaiser/active', { authorization: `Bearer ${token}` });

    const runs: { signIn: number[]; switch: number[]; fresh: number[] }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const signIn: number[] = [];
      const swap: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < SIGNINS; i++) {
        const w = workers[i % WORKERS];
        let t0 = performance.now();
        const token = await signInOf(w);
        signIn.push(performance.now() - t0);
        await call('GET', '/api/paradas-kaiser/active', { authorization: `Bearer ${token}` });
        fresh.push(performance.now() - t0);
        tokens[i % WORKERS] = token;
        // A tap on another worker's chip: that worker's session, signed in earlier.
        const other = tokens[(i + 1 + (i % 3)) % WORKERS];
        t0 = performance.now();
        await call('GET', '/api/paradas-kaiser/active', { authorization: `Bearer ${other}` });
        swap.push(performance.now() - t0);
      }
      for (const list of [signIn, swap, fresh]) list.sort((a, b) => a - b);
      runs.push({ signIn, switch: swap, fresh });
      console.log(
        `  run ${run + 1}: sign-in p50 ${ms(pct(signIn, 50))} p99 ${ms(pct(signIn, 99))}; switch p50 ${ms(pct(swap, 50))} p99 ${ms(pct(swap, 99))}; new worker p50 ${ms(pct(fresh, 50))} p99 ${ms(pct(fresh, 99))}`,
      );
    }
    const med = (key: 'signIn' | 'switch' | 'fresh', p: number) => ms(median(runs.map((r) => pct(r[key], p))));
    console.log(`median of ${RUNS} runs (${app.ctx.engine}):`);
    console.log(`  PIN sign-in         p50 ${med('signIn', 50)}  p99 ${med('signIn', 99)}`);
    console.log(`  worker switch       p50 ${med('switch', 50)}  p99 ${med('switch', 99)}`);
    console.log(`  new worker (sign-in + first read) p50 ${med('fresh', 50)}  p99 ${med('fresh', 99)}`);
  } finally {
    await close();
  }
}

await main();
