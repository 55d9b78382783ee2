import { describe, expect, it } from 'vitest';
import { enrolTerminalAt, pgUnavailable, terminalKey, useSeed, useTestApp } from './helper';

/**
 * What the history needs to read in Spanish (docs/decisions/034-history-in-spanish.md): a stop's
 * duration in seconds beside its minutes, the names of the accounts a page refers to (the record of a
 * user's row too), and the terminal an act was made at.
 */
describe.skipIf(pgUnavailable)('the history: names, seconds and terminals', () => {
  const t = useTestApp();
  const seed = useSeed(t, { arcos: { arco: 'Arco Historial' }, workers: { eva: ['arco', 'Eva Historial'] } });

  it('records a 40-second stop made at a tablet with its seconds and its terminal, and names the accounts of the page', async () => {
    const pin = await t.send(seed.eva.token, 'PUT', '/api/users/me/pin', { current_password: seed.eva.password, pin: '2468' });
    expect(pin.statusCode, pin.body).toBe(204);
    const { credential } = await enrolTerminalAt(t, seed.arco.id, 'Tableta Historial');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/terminal/sign-in',
      headers: terminalKey(credential),
      payload: { worker_id: seed.eva.worker_id, pin: '2468' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const evaAt = signIn.json().token as string;
    const started = await t.send(evaAt, 'POST', '/api/paradas-kaiser/start', { client_time: new Date(Date.now() - 40_000).toISOString() });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().stopId as number;
    expect((await t.send(evaAt, 'PUT', `/api/paradas-kaiser/end/${id}`, {})).statusCode).toBe(200);

    const page = (await t.send(seed.admin, 'GET', `/api/admin/audit?entity=parada&entity_id=${id}`)).json();
    const ended = page.items.find((i: { action: string }) => i.action === 'update');
    expect(ended).toMatchObject({ actor_name: 'Eva Historial', terminal_name: 'Tableta Historial' });
    expect(ended.changes.duration_minutes).toEqual({ before: null, after: expect.any(Number) });
    expect(ended.changes.duration_seconds.before).toBeNull();
    expect(ended.changes.duration_seconds.after).toBeGreaterThanOrEqual(40);
    expect(ended.changes.duration_seconds.after).toBeLessThan(60);
    expect(page.users).toEqual({ [String(seed.eva.id)]: 'Eva Historial' });

    // A user's own row is named too: 'Usuario: Eva Historial', not 'Usuario #5'.
    expect((await t.send(seed.admin, 'PUT', `/api/admin/users/${seed.eva.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    const roles = (await t.send(seed.admin, 'GET', `/api/admin/audit?entity=user&action=role&entity_id=${seed.eva.id}`)).json();
    expect(roles.items).toHaveLength(1);
    expect(roles.users).toEqual({ [String(seed.eva.id)]: 'Eva Historial' });
  });
});
