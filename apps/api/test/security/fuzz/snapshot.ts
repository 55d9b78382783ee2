import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
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

export async function snapshot(db: Kysely<Database>, uploadsDir: string): Promise<Snapshot> {
  const tables: Record<string, string> = {};
  // In parallel: on PostgreSQL each table is a round trip, and the fuzzer takes a snapshot per request.
  await Promise.all(
    GUARDED_TABLES.map(async (table) => {
      const rows = await db.selectFrom(table).selectAll().execute();
      const lines = rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();
      tables[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
    }),
  );
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
