// `npm run bench:startup`: how long the server takes from its command to the first 200 from
// /api/health, median of 10 starts (BENCH_STARTS), on SQLite. Two series: "first start" (an empty
// data folder each time: migrations, the first administrator) and "restart" (the same folder again).
// Beside the time, the CPU the server process used until then (Linux): on a shared machine the time
// moves with the load, the CPU much less.
// Runs what `npm start` runs (build first); `--source` runs the TypeScript sources through tsx instead,
// as `npm start` did before the API was compiled (docs/decisions/009-compiled-api.md), and `--compare`
// both, start for start in turn, so that the machine's changing load weighs on both alike.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMMANDS = { compiled: ['apps/api/dist/server.js'], source: ['--import', 'tsx', 'apps/api/src/server.ts'] };
const compared = process.argv.includes('--compare') ? ['source', 'compiled'] : [process.argv.includes('--source') ? 'source' : 'compiled'];
const STARTS = Number(process.env.BENCH_STARTS ?? 10);
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** User + system CPU of a process so far, in ms; NaN where /proc is not. */
function cpuMs(pid) {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return Number.NaN;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Time from spawn to the first 200 of /api/health and the CPU used until then; the server is stopped after. */
async function timeStart(args, dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let failedEarly = false;
  child.once('exit', () => {
    failedEarly = true;
  });
  try {
    for (;;) {
      if (failedEarly) throw new Error(`the server exited before answering (node ${args.join(' ')})`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return { ms: performance.now() - t0, cpu: cpuMs(child.pid) };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
function report(label, runs) {
  const ms = runs.map((r) => r.ms);
  const cpu = runs.map((r) => r.cpu);
  console.log(
    `  ${label.padEnd(12)} median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}), ` +
      `CPU median ${median(cpu).toFixed(0)} ms (min ${Math.min(...cpu)}, max ${Math.max(...cpu)}); ${runs.length} starts`,
  );
}

const base = mkdtempSync(path.join(tmpdir(), 'portal-startup-'));
try {
  const first = Object.fromEntries(compared.map((name) => [name, []]));
  const again = Object.fromEntries(compared.map((name) => [name, []]));
  // One start each first, untimed: tsx fills its transform cache, the OS its file cache.
  for (const name of compared) await timeStart(COMMANDS[name], path.join(base, `${name}-kept`));
  for (let i = 0; i < STARTS; i++) {
    for (const name of compared) first[name].push(await timeStart(COMMANDS[name], path.join(base, `${name}-fresh-${i}`)));
  }
  for (let i = 0; i < STARTS; i++) {
    for (const name of compared) again[name].push(await timeStart(COMMANDS[name], path.join(base, `${name}-kept`)));
  }
  for (const name of compared) {
    console.log(`node ${COMMANDS[name].join(' ')}`);
    report('first start', first[name]);
    report('restart', again[name]);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
