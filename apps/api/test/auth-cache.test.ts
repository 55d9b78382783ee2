import { describe, expect, it } from 'vitest';
import { bearer, fakeClock, pgUnavailable, useTestApp } from './helper';

/**
 * The short cache of authenticated accounts (AUTH_CACHE_MS: the account is re-read on each token use,
 * or within that short cache): changes through the API apply at once, changes made elsewhere (another instance,
 * straight in the database) within the TTL, and a newer token is never refused because of it.
 */
describe.skipIf(pgUnavailable)('authenticated account cache', () => {
  const TTL = 300;
  const t = useTestApp({ AUTH_CACHE_MS: String(TTL) });

  const usersList = (token: string) => t.send(token, 'GET', '/api/admin/users');

  /** A worker made admin, then demoted straight in the database as another instance would: this instance still has the row. */
  async function demotedElsewhere() {
    const w = await t.createWorker(await t.createArco());
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', w.id).execute();
    t.app.ctx.userCache.invalidate(w.id);
    expect((await usersList(w.token)).statusCode).toBe(200);
    await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', w.id).execute();
    expect((await usersList(w.token)).statusCode).toBe(200);
    return w;
  }

  it('a change made outside this instance shows within the TTL', async () => {
    const { travel } = fakeClock();
    const admin = await t.adminToken();
    const w = await demotedElsewhere();
    travel(TTL - 1);
    expect((await usersList(w.token)).statusCode).toBe(200);
    travel(1);
    expect((await usersList(w.token)).statusCode).toBe(403);
    expect((await usersList(admin)).statusCode).toBe(200);
  });

  it('a change made elsewhere applies at once when events may have been missed (the bus tells its caches)', async () => {
    fakeClock();
    const w = await demotedElsewhere();
    // What the bus does when its LISTEN connection comes back (docs/decisions/029-database-outages.md)
    // and when another instance changes an account.
    await t.app.ctx.events.invalidateCaches();
    expect((await usersList(w.token)).statusCode).toBe(403);
  });

  it('a change through the API applies at once: demotion, deletion', async () => {
    const admin = await t.adminToken();
    const w = await t.createWorker(await t.createArco());
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${w.id}/role`, headers: bearer(admin), payload: { role: 'admin' } });
    expect((await usersList(w.token)).statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/admin/users/${w.id}/role`, headers: bearer(admin), payload: { role: 'user' } });
    expect((await usersList(w.token)).statusCode).toBe(403);
    const del = await t.send(admin, 'DELETE', `/api/admin/users/${w.id}`);
    expect(del.statusCode).toBe(200);
    expect((await t.send(w.token, 'GET', '/api/paradas-kaiser/active')).statusCode).toBe(401);
  });

  it('a newer token works at once even when an older row is cached (password changed elsewhere)', async () => {
    const w = await t.createWorker(await t.createArco());
    const active = () => t.send(w.token, 'GET', '/api/paradas-kaiser/active');
    expect((await active()).statusCode).toBe(200);
    // Another instance bumps the version and hands out a token of the new version.
    const row = await t.db
      .updateTable('users')
      .set({ token_version: 7 })
      .where('id', '=', w.id)
      .returning(['id', 'worker_id', 'name', 'role'])
      .executeTakeFirstOrThrow();
    const fresh = t.app.ctx.tokens.sign({
      ...row,
      nave: 'Nave 1',
      arco_sumergido_id: w.station.id,
      arco_sumergido_name: w.station.name,
      token_version: 7,
    });
    const res = await t.send(fresh, 'GET', '/api/paradas-kaiser/active');
    expect(res.statusCode).toBe(200);
    // And the old one is refused from then on, without waiting for the TTL.
    expect((await active()).statusCode).toBe(401);
  });
});
