/**
 * Benchmark of the streamed CSV export (`npm run bench:export`).
 *
 * Seeds a year of a busy factory (1,000,000 Kaiser stops, BENCH_STOPS to change it) into a temporary
 * SQLite file, starts the real server on it as a child process, downloads the full-year stops export
 * (and the circulares one) over HTTP, and prints rows, bytes, time and the server's peak resident
 * memory (VmHWM from /proc/<pid>/status). The export must keep the server under 300 MB.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { factoryDate, factoryToday } from '@portal/contract/time';
import { createDb } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import { DEFAULT_SIZE, SEED_ADMIN_WORKER_ID, SEED_PASSWORD, seedFactory } from './seed-factory';

const TZ = 'Europe/Madrid';
const STOPS = Number(process.env.BENCH_STOPS ?? 1_000_000);
const BUDGET_MB = 300;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../src/server.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Peak and current resident memory of a process, in MB (Linux). */
function memory(pid: number): { peakMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start within 60 s');
}

/** Downloads a response body without keeping it: counts bytes and CRLF-terminated records. */
async function download(url: string, token: string) {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x0a) lines++;
  }
  return { bytes, rows: lines - 1, seconds: (performance.now() - t0) / 1000, type: res.headers.get('content-type') };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-export-'));
  let child: ChildProcess | undefined;
  try {
    const sqliteFile = path.join(dataDir, 'portal.sqlite');
    const handle = createDb({ sqliteFile });
    await migrateToLatest(handle.db);
    const t0 = performance.now();
    const size = { ...DEFAULT_SIZE, years: 1, stops: STOPS, tramos: 100_000, posts: 0, likes: 0, comments: 0 };
    const seeded = await handle.db.transaction().execute((trx) => seedFactory(trx, TZ, size));
    await handle.db.destroy();
    console.log(
      `seeded ${STOPS.toLocaleString('en')} stops and ${size.tramos.toLocaleString('en')} tramos over one year in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FACTORY_TZ: TZ,
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web'),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForServer(base, child);
    const pid = child.pid!;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ worker_id: SEED_ADMIN_WORKER_ID, password: SEED_PASSWORD }),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
    const token = (await login.json()).accessToken as string;
    const start = factoryDate(seeded.until - 366 * 86_400_000, TZ);
    const end = factoryToday(TZ);
    const idle = memory(pid);
    console.log(`server pid ${pid}: ${idle.rssMb.toFixed(0)} MB resident after start and login (peak so far ${idle.peakMb.toFixed(0)} MB)`);

    const results: Record<string, string>[] = [];
    // By shift: every stop split at the calendar's shifts (docs/decisions/049-stops-csv-by-shift.md).
    for (const [name, extra] of [
      ['paradas-kaiser', ''],
      ['paradas-kaiser', '&by=shift'],
      ['tramos', ''],
    ]) {
      const r = await download(`${base}/api/admin/export/${name}.csv?startDate=${start}&endDate=${end}${extra}`, token);
      const mem = memory(pid);
      results.push({
        export: `${name}.csv ${start}..${end}${extra}`,
        rows: r.rows.toLocaleString('en'),
        MB: (r.bytes / 1024 / 1024).toFixed(1),
        seconds: r.seconds.toFixed(1),
        'rows/s': Math.round(r.rows / r.seconds).toLocaleString('en'),
        'server peak RSS MB': mem.peakMb.toFixed(0),
      });
    }
    console.table(results);
    const peak = memory(pid).peakMb;
    const ok = peak < BUDGET_MB;
    console.log(`server peak RSS ${peak.toFixed(0)} MB: ${ok ? 'within' : 'OVER'} the ${BUDGET_MB} MB budget`);
    if (!ok) process.exitCode = 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
