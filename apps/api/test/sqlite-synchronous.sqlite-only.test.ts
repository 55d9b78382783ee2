import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { testEnv } from './helper';

/**
 * SQLite's commit durability (docs/decisions/027-durable-sqlite-commits.md): the app opens its own
 * database file from the configuration, as `npm start` does, and the PRAGMA read back on that
 * connection is the configured one. `PRAGMA synchronous` reads 2 for FULL and 1 for NORMAL.
 */
describe('SQLITE_SYNCHRONOUS on a fresh database file', () => {
  const dirs: string[] = [];
  const apps: App[] = [];

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function start(dataDir: string, env: Record<string, string> = {}) {
    const app = await buildApp({ config: loadConfig({ ...testEnv(dataDir), ...env }), logger: false });
    apps.push(app);
    await app.ready();
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(app.ctx.db)).rows[0] as object)[0];
    return { app, synchronous: () => pragma('synchronous'), journalMode: () => pragma('journal_mode') };
  }

  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-sync-'));
    dirs.push(dir);
    return dir;
  };

  it('is FULL (2) by default, in WAL mode, and again after a restart on the same file', async () => {
    const dir = freshDir();
    const first = await start(dir);
    expect(first.app.ctx.engine).toBe('sqlite');
    expect(await first.synchronous()).toBe(2);
    expect(await first.journalMode()).toBe('wal');
    await first.app.close();
    apps.splice(apps.indexOf(first.app), 1);

    const again = await start(dir);
    expect(await again.synchronous()).toBe(2);
  });

  it('is NORMAL (1) with SQLITE_SYNCHRONOUS=normal and FULL (2) with full', async () => {
    expect(await (await start(freshDir(), { SQLITE_SYNCHRONOUS: 'normal' })).synchronous()).toBe(1);
    expect(await (await start(freshDir(), { SQLITE_SYNCHRONOUS: 'full' })).synchronous()).toBe(2);
  });

  it('refuses any other value at start, naming the variable', () => {
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow(/SQLITE_SYNCHRONOUS/);
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'FULL' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});
