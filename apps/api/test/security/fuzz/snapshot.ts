import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../../src/db/types';

/**
 * Tables whose content a rejected request must leave as it was. login_attempts is left out on
 * purpose: a refused login is recorded there, which is how the rate limit works.
 */
export const GUARDED_TABLES = [
  'naves',
  'arcos_sumergidos',
  'users',
  'tramos',
  'paradas_kaiser',
  'wall_posts',
  'wall_likes',
  'wall_comments',
] as const satisfies readonly (keyof Database)[];

export interface Snapshot {
  /** Per table: row count and a SHA-256 of every row (rows sorted, so the engine's order does not matter). */
  tables: Record<string, string>;
  uploads: string;
}

/**
 * On PostgreSQL the server hashes each table (every row's text, sorted) in one round trip: the fuzzer
 * takes a snapshot per request, and reading every row into Node took two thirds of its time there.
 */
const pgSnapshot = sql.raw<Record<string, string>>(
  `select ${GUARDED_TABLES.map(
    (table) => `(select count(*) || ':' || md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) from ${table} r) as ${table}`,
  ).join(', ')}`,
);

export async function snapshot(db: Kysely<Database>, uploadsDir: string): Promise<Snapshot> {
  let tables: Record<string, string> = {};
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    tables = (await pgSnapshot.execute(db)).rows[0];
  } else {
    for (const table of GUARDED_TABLES) {
      const rows = await db.selectFrom(table).selectAll().execute();
      const lines = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
      tables[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
    }
  }
  let files: string[] = [];
  try {
    files = readdirSync(uploadsDir).sort();
  } catch {
    files = [];
  }
  return { tables, uploads: files.join(',') };
}

/** Human-readable differences between two snapshots (empty when equal). */
export function diff(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const table of Object.keys(before.tables)) {
    if (before.tables[table] !== after.tables[table]) out.push(`${table}: ${before.tables[table]} -> ${after.tables[table]}`);
  }
  if (before.uploads !== after.uploads) out.push(`uploads: [${before.uploads}] -> [${after.uploads}]`);
  return out;
}
