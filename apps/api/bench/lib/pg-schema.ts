import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway schema in the database of `url` (BENCH_DATABASE_URL): the URL whose connections use it,
 * and `drop` to remove it with everything in it, so the target database is left as it was.
 */
export async function throwawaySchema(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await run(url, `create schema ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  return {
    url: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: () => run(url, `drop schema ${schema} cascade`),
  };
}

/**
 * Runs `work` on PostgreSQL when BENCH_DATABASE_URL is set, in a throwaway schema dropped afterwards;
 * otherwise says it was skipped. Answers what `work` answers (undefined when skipped).
 */
export async function onBenchPostgres<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T | undefined> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to run it too)');
    return undefined;
  }
  const schema = await throwawaySchema(url, prefix);
  try {
    return await work(schema.url);
  } finally {
    await schema.drop();
  }
}
