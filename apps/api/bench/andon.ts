/**
 * Benchmark of the andon's pass (`npm run bench:andon`, docs/decisions/044-andon-escalation-on-every-instance.md).
 *
 * Builds the real app on a temporary SQLite file (PostgreSQL with DATABASE_URL) with BENCH_ARCOS arcos
 * (500), each with an open worker parada, and times `andonTick`: while no parada is due yet, the pass
 * that calls every arco's supervisors at once (a call, an event and a light each), and the passes after
 * it (everything already called). Prints the median and p95 of each, in ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { andonTick } from '../src/modules/andon/service';
import { benchConfig } from './lib/config';

const ARCOS = Number(process.env.BENCH_ARCOS ?? 500);
const N = Number(process.env.BENCH_N ?? 30);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-andon-'));
const app = await buildApp({ config: benchConfig(dataDir, 'Europe/Madrid', { ANDON_SCAN_SECONDS: '300', ...process.env }) });
await app.ready();

try {
  const { db } = app.ctx;
  const nave = await db.selectFrom('naves').select('id').executeTakeFirstOrThrow();
  const start = new Date();
  const created = start.toISOString();
  for (let i = 0; i < ARCOS; i++) {
    const arco = await db
      .insertInto('arcos_sumergidos')
      .values({ name: `Arco Bench Andon ${i}`, nave_id: nave.id, created_at: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('paradas_kaiser')
      .values({
        user_id: null,
        arco_sumergido_id: arco.id,
        date: created.slice(0, 10),
        start_time: created,
        end_time: null,
        duration_minutes: null,
        description: null,
        source: 'machine',
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
  const time = async (label: string, at: Date, runs: number) => {
    app.ctx.andon.now = () => at;
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await andonTick(app.ctx);
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(2);
    console.log(`${label.padEnd(36)} median ${q(0.5)} ms   p95 ${q(0.95)} ms   (${runs} passes, ${ARCOS} open paradas)`);
  };
  await time('nothing due yet', new Date(start.getTime() + 60_000), N);
  await time(`first pass: ${ARCOS} supervisor calls`, new Date(start.getTime() + 6 * 60_000), 1);
  await time('everything already called', new Date(start.getTime() + 7 * 60_000), N);
  const calls = await db
    .selectFrom('andon_calls')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`calls made: ${calls.n}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
