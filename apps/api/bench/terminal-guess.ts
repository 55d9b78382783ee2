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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { benchConfig } from './lib/config';
import { throwawaySchema } from './lib/pg-schema';
import { benchTerminal } from './lib/terminal-device';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IN_FLIGHT = (process.env.BENCH_IN_FLIGHT ?? '8,32').split(',').map(Number);
const ADMIN = { worker_id: 'bench-admin', password: 'bench-password' };
const PASSWORD = 'bench-secreto-1';

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-guess-'));
  const pgSchema = process.env.BENCH_DATABASE_URL ? await throwawaySchema(process.env.BENCH_DATABASE_URL, 'bench') : null;
  const config = benchConfig(dataDir, 'Europe/Madrid', pgSchema ? { DATABASE_URL: pgSchema.url } : {});
  const app = await buildApp({ config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const request = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown) => {
    const res = await request(method, url, headers, body);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  try {
    console.log(
      `bench:terminal-guess on ${app.ctx.engine}: ${WORKERS} workers, ${SECONDS} s per round, in flight ${IN_FLIGHT.join(' and ')}`,
    );
    await upsertAdmin(app.ctx.db, ADMIN.worker_id, ADMIN.password, 'Bench Admin');
    const admin = (await call('POST', '/api/admin/login', {}, ADMIN)).accessToken as string;
    const nave = await app.ctx.db.selectFrom('naves').select(['id', 'name']).orderBy('id').executeTakeFirstOrThrow();
    const arco = await app.ctx.db
      .insertInto('arcos_sumergidos')
      .values({ name: 'Arco Sonda', nave_id: nave.id, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const terminal = await benchTerminal(call, admin, arco.id);

    const workers: string[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const worker_id = `sonda-${i}`;
      await call('POST', '/api/auth/register', {}, { worker_id, name: `Soldador ${i}`, password: PASSWORD });
      const login = await call(
        'POST',
        '/api/auth/login',
        {},
        { worker_id, password: PASSWORD, nave: nave.name, arco_sumergido_id: arco.id },
      );
      await call('PUT', '/api/users/me/pin', { authorization: `Bearer ${login.accessToken}` }, { current_password: PASSWORD, pin: '9999' });
      workers.push(worker_id);
    }

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
    await app.close();
    await pgSchema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
