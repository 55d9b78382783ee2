/**
 * Probe of PIN guessing with one terminal's credential (`npm run bench:terminal-guess`;
 * docs/decisions/060-terminal-budget-and-binding.md).
 *
 * Starts the real app on a temporary SQLite file (or a fresh schema of the PostgreSQL at
 * BENCH_DATABASE_URL), listening on a port, with one arco, its enrolled terminal and BENCH_WORKERS
 * workers with a PIN. Then, for each figure of BENCH_IN_FLIGHT, it keeps that many wrong-PIN sign-ins in
 * flight for BENCH_SECONDS, rotating over the workers, as an attacker holding the tablet's credential
 * would, and prints how many were checked (401), refused (429) or otherwise answered, and the wrong
 * checks per hour that rate gives. The terminal's counters are reset by an admin between rounds.
 *
 * Env: BENCH_WORKERS (30), BENCH_SECONDS (60), BENCH_IN_FLIGHT ('8,32'), BENCH_DATABASE_URL.
 */
import { performance } from 'node:perf_hooks';
import { benchAdminToken, insertBenchArco, listenForBench, startBenchApp } from './lib/app';
import { benchTerminal, workersWithPins } from './lib/terminal-device';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IN_FLIGHT = (process.env.BENCH_IN_FLIGHT ?? '8,32').split(',').map(Number);

async function main() {
  const { app, close } = await startBenchApp('guess');
  const { request, call } = await listenForBench(app);
  try {
    console.log(
      `bench:terminal-guess on ${app.ctx.engine}: ${WORKERS} workers, ${SECONDS} s per round, in flight ${IN_FLIGHT.join(' and ')}`,
    );
    const admin = await benchAdminToken(app);
    const arco = await insertBenchArco(app.ctx.db, 'Arco Sonda');
    const terminal = await benchTerminal(call, admin, arco.id);
    const workers = (await workersWithPins(call, arco, WORKERS, 'sonda-', () => '9999')).map((w) => w.worker_id);

    for (const inFlight of IN_FLIGHT) {
      await app.ctx.db.deleteFrom('login_attempts').execute();
      await terminal.reset();
      const counts = new Map<number, number>();
      let n = 0;
      const until = performance.now() + SECONDS * 1000;
      const guesser = async () => {
        while (performance.now() < until) {
          const i = n++;
          const pin = String(1000 + (i % 8000));
          const res = await request(
            'POST',
            '/api/terminal/sign-in',
            await terminal.headers(),
            await terminal.pinBody(workers[i % WORKERS], pin),
          );
          counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        }
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: inFlight }, guesser));
      const elapsed = (performance.now() - t0) / 1000;
      const checked = counts.get(401) ?? 0;
      const answers = [...counts].map(([status, count]) => `${status}: ${count}`).join(', ');
      const row = await app.ctx.db.selectFrom('terminals').select('pin_locked_at').where('id', '=', terminal.id).executeTakeFirst();
      const pace = row?.pin_locked_at
        ? 'then PIN sign-in locked until an admin resets it'
        : `${(checked / elapsed).toFixed(2)}/s, ${Math.round((checked / elapsed) * 3600)} an hour at that rate`;
      console.log(`  ${inFlight} in flight: ${n} requests in ${elapsed.toFixed(1)} s (${answers}); wrong PINs checked ${checked}: ${pace}`);
    }
  } finally {
    await close();
  }
}

await main();
