import type { TestProject } from 'vitest/node';
import { findBin, startCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway PostgreSQL, or '' when none could be started. */
    pgUrl: string;
  }
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
  // Commits need not reach the disk in a throwaway cluster.
  const cluster = await startCluster('-c synchronous_commit=off -c full_page_writes=off -c max_connections=300');
  project.provide('pgUrl', cluster.url);
  return () => cluster.close();
}
