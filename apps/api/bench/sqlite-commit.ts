/**
 * The cost of one SQLite commit under each PRAGMA synchronous setting
 * (`npx tsx apps/api/bench/sqlite-commit.ts`; docs/decisions/027-durable-sqlite-commits.md).
 *
 * Opens a WAL database in a temporary folder (on the disk that holds the OS's temporary directory,
 * or BENCH_DIR) through the app's createDb, and times BENCH_COMMITS (default 500) single-row insert
 * transactions at a time, NORMAL and FULL in alternating blocks (BENCH_ROUNDS, default 6), so the
 * machine's changing load weighs on both alike. Prints the median and p99 per commit of each setting.
 * The time is all spent on the event loop: better-sqlite3 is synchronous, so a commit's fsync holds
 * every other request of the process for as long.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SqliteSynchronous } from '../src/config';
import { createDb } from '../src/db/index';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SETTINGS: SqliteSynchronous[] = ['normal', 'full'];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'portal-commit-'));
try {
  const { sqlite } = createDb({ sqliteFile: path.join(dir, 'commit.sqlite') });
  if (!sqlite) throw new Error('expected SQLite');
  sqlite.exec('create table t (id integer primary key, at text not null, note text not null)');
  const insert = sqlite.prepare('insert into t (at, note) values (?, ?)');
  const commit = sqlite.transaction((note: string) => insert.run(new Date().toISOString(), note));
  const times = new Map<SqliteSynchronous, number[]>(SETTINGS.map((s) => [s, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const setting of SETTINGS) {
      sqlite.pragma(`synchronous = ${setting}`);
      const block: number[] = [];
      for (let i = 0; i < COMMITS; i++) {
        const t0 = performance.now();
        commit(`parada ${round}-${i}`);
        block.push(performance.now() - t0);
      }
      block.sort((a, b) => a - b);
      console.log(
        `round ${round}: ${setting.padEnd(6)} median ${quantile(block, 0.5).toFixed(3)} ms  p99 ${quantile(block, 0.99).toFixed(3)} ms`,
      );
      times.get(setting)!.push(...block);
    }
  }
  for (const [setting, all] of times) {
    all.sort((a, b) => a - b);
    console.log(
      `${setting}: ${all.length} commits, median ${quantile(all, 0.5).toFixed(3)} ms, p99 ${quantile(all, 0.99).toFixed(3)} ms, ` +
        `${(1000 / quantile(all, 0.5)).toFixed(0)} commits/s at the median`,
    );
  }
  sqlite.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
