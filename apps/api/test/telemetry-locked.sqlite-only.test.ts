import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@portal/contract/common';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type DbHandle } from '../src/db/index';
import { upsertAdmin } from '../src/modules/users/bootstrap';
import { ADMIN, countRows, testEnv } from './helper';

// A device's request while another connection holds SQLite's write lock beyond the busy timeout (a
// backup tool, a shell left in a transaction): answered as a database outage, a Spanish 503 with
// Retry-After, nothing stored; the same request is stored once the lock is gone
// (docs/decisions/088-telemetry-ingest-in-groups.md, docs/decisions/108-telemetry-bursts-on-sqlite.md).
// SQLite only: a file of its own, locked from a second connection; PostgreSQL has no such lock.

describe('a device request while the SQLite file is locked', () => {
  let dataDir: string;
  let sqliteFile: string;
  let handle: DbHandle;
  let app: App;
  let arcoId: number;
  let key: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-locked-'));
    const config = loadConfig(testEnv(dataDir));
    sqliteFile = config.sqliteFile;
    handle = createDb({ sqliteFile });
    app = await buildApp({ config, db: handle, logger: { level: 'fatal' } });
    await app.ready();
    await upsertAdmin(handle.db, ADMIN.worker_id, ADMIN.password, 'Admin Principal');
    // The same wait as in production, only shorter: the busy timeout is a setting (db/index.ts).
    handle.sqlite?.pragma('busy_timeout = 200');
    const nave = await handle.db.selectFrom('naves').select('id').where('name', '=', 'Nave 1').executeTakeFirstOrThrow();
    arcoId = (
      await handle.db
        .insertInto('arcos_sumergidos')
        .values({ name: 'Arco Bloqueado', nave_id: nave.id, created_at: '2000-01-01T00:00:00.000Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const login = await app.inject({ method: 'POST', url: '/api/admin/login', payload: ADMIN });
    const admin = login.json().accessToken as string;
    const keyRes = await app.inject({
      method: 'POST',
      url: `/api/admin/arcos-sumergidos/${arcoId}/machine/key`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(keyRes.statusCode).toBe(201);
    key = keyRes.json().key;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = (table: 'telemetry_samples' | 'telemetry_seconds' | 'telemetry_runs') => countRows(handle.db, table);

  it('answers 503 with the outage message and stores nothing, then stores the same batch once the lock is gone', async () => {
    const t0 = Date.now() - 5_000;
    const batch = Array.from({ length: 10 }, (_, k) => ({ t: t0 + k * 100, arc: 1, i: 600, u: 32, wf: 2, v: 45 }));
    const send = () =>
      app.inject({ method: 'POST', url: `/api/telemetry/arcos/${arcoId}/samples`, headers: { 'x-device-key': key }, payload: batch });
    const state = () =>
      app.inject({
        method: 'POST',
        url: `/api/machines/${arcoId}/state`,
        headers: { 'x-device-key': key, 'content-type': 'text/plain' },
        payload: 'running',
      });

    const holder = new SQLite(sqliteFile);
    holder.exec('begin immediate');
    try {
      const locked = await send();
      expect(locked.statusCode, locked.body).toBe(503);
      expect(locked.json()).toEqual({ message: messages.databaseUnavailable });
      expect(locked.headers['retry-after']).toBe('5');
      // The machine's state, the other device path, is answered the same way.
      const lockedState = await state();
      expect(lockedState.statusCode, lockedState.body).toBe(503);
      expect(lockedState.json()).toEqual({ message: messages.databaseUnavailable });
    } finally {
      holder.exec('rollback');
      holder.close();
    }
    expect(await count('telemetry_samples')).toBe(0);
    expect(await count('telemetry_seconds')).toBe(0);
    expect(await count('telemetry_runs')).toBe(0);

    const stored = await send();
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ stored: 10, repeated: 0, refused: 0 });
    expect(await count('telemetry_samples')).toBe(10);
    expect(await count('telemetry_runs')).toBe(1);
    expect((await state()).statusCode).toBe(200);
  });
});
