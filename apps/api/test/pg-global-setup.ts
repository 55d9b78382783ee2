import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './crash/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway PostgreSQL, or '' when none could be started. */
    pgUrl: string;
  }
}

function findBin(name: string): string | undefined {
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

/** Starts a PostgreSQL cluster in a temporary folder (as the postgres user when we are root). */
export default async function setup(project: TestProject) {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) {
    // CI installs PostgreSQL before the tests (.ci/run), so a missing one there is a broken set-up,
    // not a reason for a green run that never touched PostgreSQL.
    if (process.env.CI === 'true' || process.env.CI === '1') {
      throw new Error(
        '[api-postgres] no PostgreSQL binaries (initdb, pg_ctl) on PATH nor under /usr/lib/postgresql: ' +
          'CI must run the API suite on PostgreSQL too. Install PostgreSQL (apt-get install postgresql) and run again.',
      );
    }
    console.warn('[api-postgres] skipped: no PostgreSQL binaries (initdb, pg_ctl) on this machine (under CI=true this fails)');
    project.provide('pgUrl', '');
    return;
  }
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const run = (bin: string, args: string[]) => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
    else execFileSync(bin, args, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run(initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run(pgCtl, ['-D', dataDir, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      run(pgCtl, ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
