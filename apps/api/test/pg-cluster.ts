import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './crash/server-process';

/** A PostgreSQL binary (initdb, pg_ctl) on PATH or under Debian's /usr/lib/postgresql. */
export function findBin(name: string): string | undefined {
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  for (const version of readdirSync(root).sort().reverse()) {
    const candidate = path.join(root, version, 'bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export interface TestCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  /** `pg_ctl stop -m fast|immediate`: a maintenance restart, or a crash of the server. */
  stop(mode: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and waits until it accepts connections. */
  start(): void;
  /** stop and start without blocking the process (a benchmark's portal goes on meanwhile). */
  stopInBackground(mode: 'fast' | 'immediate'): Promise<void>;
  startInBackground(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): void;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder: the suite's shared one (pg-global-setup.ts),
 * or a test's own, which it may stop and start. As root the binaries run as the postgres user.
 * `settings` are more server options (`-c name=value`).
 */
export async function startCluster(settings = ''): Promise<TestCluster> {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('no PostgreSQL binaries (initdb, pg_ctl)');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const run = (bin: string, args: string[]) => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
    else execFileSync(bin, args, { stdio: 'pipe' });
  };
  const runInBackground = (bin: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [file, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
      execFile(file, all, (error) => (error ? reject(error) : resolve()));
    });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ${settings}`;
  const cluster: TestCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode) => run(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start: () => run(pgCtl, ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']),
    stopInBackground: (mode) => runInBackground(pgCtl, ['-D', dataDir, '-m', mode, '-w', 'stop']),
    startInBackground: () => runInBackground(pgCtl, ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']),
    close() {
      try {
        run(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
