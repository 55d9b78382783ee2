/**
 * Benchmark of the Idempotency-Key path (`npm run bench:offline`, decision 016).
 *
 * Builds the real app on a temporary SQLite file (PostgreSQL with DATABASE_URL) and times, through
 * app.inject, a manual parada written without a key, with a fresh key (the claim and the stored
 * answer: two more statements) and the replay of a used key (one read, no write). Prints the median
 * and p95 of each, in ms.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { upsertAdmin } from '../src/modules/users/bootstrap';

const N = Number(process.env.BENCH_N ?? 400);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-offline-'));
const app = await buildApp({
  config: loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    WEB_DIST: path.join(dataDir, 'none'),
  }),
});
await app.ready();

try {
  await upsertAdmin(app.ctx.db, 'bench-admin', 'bench-password', 'Bench');
  const admin = (
    await app.inject({ method: 'POST', url: '/api/admin/login', payload: { worker_id: 'bench-admin', password: 'bench-password' } })
  ).json().accessToken as string;
  const headers = (key?: string) => ({ authorization: `Bearer ${admin}`, ...(key ? { 'idempotency-key': key } : {}) });
  const nave = await app.ctx.db.selectFrom('naves').select('id').executeTakeFirstOrThrow();
  const arco = await app.ctx.db
    .insertInto('arcos_sumergidos')
    .values({ name: 'Arco Bench', nave_id: nave.id, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Non-overlapping one-minute stops going back from an hour ago.
  let slot = 0;
  const body = () => {
    const end = Date.now() - 3_600_000 - slot++ * 120_000;
    return { start_time: new Date(end - 60_000).toISOString(), end_time: new Date(end).toISOString(), arco_sumergido_id: arco.id };
  };
  const time = async (label: string, run: () => Promise<{ statusCode: number }>) => {
    const ms: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const res = await run();
      ms.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`${label}: ${res.statusCode}`);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(2);
    console.log(`${label.padEnd(28)} median ${at(0.5)} ms   p95 ${at(0.95)} ms   (${N} requests)`);
  };

  const url = '/api/paradas-kaiser/manual';
  // Warm-up (JIT, statement caches), not printed.
  for (let i = 0; i < 100; i++) await app.inject({ method: 'POST', url, headers: headers(randomUUID()), payload: body() });
  await time('manual, no key', () => app.inject({ method: 'POST', url, headers: headers(), payload: body() }));
  await time('manual, fresh key', () => app.inject({ method: 'POST', url, headers: headers(randomUUID()), payload: body() }));
  const key = randomUUID();
  const once = body();
  await app.inject({ method: 'POST', url, headers: headers(key), payload: once });
  await time('replay of a used key', () => app.inject({ method: 'POST', url, headers: headers(key), payload: once }));
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
