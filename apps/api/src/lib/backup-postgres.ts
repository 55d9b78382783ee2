import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { IMAGE_COLUMNS } from './upload-sweep';

/** What a backup's check reads of a database (lib/backup.ts), on either engine. */
export interface DatabaseFacts {
  /** 'ok', or what integrity_check found. */
  integrity: string;
  foreignKeyErrors: number;
  migrations: string[];
  tables: Record<string, number>;
  /** Upload file names the image columns point to. */
  referenced: Set<string>;
}

/**
 * The PostgreSQL side of `npm run backup` and `npm run restore` (decision 030): pg_dump in its custom
 * format from a snapshot whose row counts, migrations and image references the manifest records, and
 * pg_restore into an empty database in one transaction.
 */
export const POSTGRES_DUMP_FILE = 'portal.dump';

/**
 * pg_dump or pg_restore: from PG_BIN_DIR when set, else on PATH, else the newest under
 * /usr/lib/postgresql (where Debian's packages put them without linking them onto PATH).
 */
export function postgresBin(name: 'pg_dump' | 'pg_restore', binDir?: string): string {
  if (binDir) return path.join(binDir, name);
  const fromPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout?.trim();
  if (fromPath) return fromPath;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a) || b.localeCompare(a));
    for (const version of versions) {
      const candidate = path.join(root, version, 'bin', name);
      if (existsSync(candidate)) return candidate;
    }
  }
  return name;
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
export function runPostgresTool(name: 'pg_dump' | 'pg_restore', args: string[], binDir?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(postgresBin(name, binDir), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once('error', (error) =>
      reject(new Error(`${name} could not be run (${error.message}); install PostgreSQL's client programs or set PG_BIN_DIR`)),
    );
    child.once('close', (exit) => {
      if (exit === 0) resolve(stdout);
      else {
        // pg_dump reports a full disk in words only.
        const code = /No space left on device/i.test(stderr) ? 'ENOSPC' : undefined;
        reject(Object.assign(new Error(`${name} failed (exit ${exit}): ${stderr.trim()}`), { stderr, code }));
      }
    });
  });
}

/** Row counts, migrations and referenced images, read through `client` (inside the dump's snapshot). */
export async function postgresFacts(client: pg.ClientBase): Promise<Omit<DatabaseFacts, 'integrity' | 'foreignKeyErrors'>> {
  const { rows: tableRows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const names = tableRows.map((r) => r.name).sort();
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const tables: Record<string, number> = {};
  for (const name of names) tables[name] = Number((await client.query(`select count(*) as n from ${quote(name)}`)).rows[0].n);
  const migrations = names.includes('kysely_migration')
    ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name)
    : [];
  const referenced = new Set<string>();
  for (const [table, columns] of Object.entries(IMAGE_COLUMNS)) {
    if (!names.includes(table)) continue;
    const { rows } = await client.query({ text: `select ${columns.map(quote).join(', ')} from ${quote(table)}`, rowMode: 'array' });
    for (const value of (rows as (string | null)[][]).flat())
      if (value?.startsWith('/uploads/')) referenced.add(value.slice('/uploads/'.length));
  }
  return { migrations, tables, referenced };
}

/** Runs `work` on a connection of its own, closed afterwards. */
async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Dumps the database into `target` from one exported snapshot, read in the same snapshot for the
 * manifest's figures, then checks that pg_restore can read the dump's table of contents. A
 * repeatable-read snapshot never blocks the portal's writers.
 */
export function dumpPostgres(databaseUrl: string, target: string, binDir?: string): Promise<DatabaseFacts> {
  return withClient(databaseUrl, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0].id;
    const facts = await postgresFacts(client);
    await runPostgresTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, '--no-owner', '--no-privileges', `--file=${target}`, `--dbname=${databaseUrl}`],
      binDir,
    );
    await client.query('commit');
    await runPostgresTool('pg_restore', ['--list', target], binDir);
    // PostgreSQL enforces the foreign keys within the snapshot.
    return { integrity: 'ok', foreignKeyErrors: 0, ...facts };
  });
}

/** Base tables in the database's current schema: a restore goes only into an empty database. */
export function postgresTableCount(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    return Number(rows[0].n);
  });
}

/** The rows per table the restored database holds now. */
export function postgresTables(databaseUrl: string): Promise<Record<string, number>> {
  return withClient(databaseUrl, async (client) => (await postgresFacts(client)).tables);
}

/** pg_restore into the (empty) database, in one transaction: on an error nothing is kept. */
export async function restorePostgres(databaseUrl: string, dump: string, binDir?: string): Promise<void> {
  await runPostgresTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${databaseUrl}`, dump],
    binDir,
  );
}
