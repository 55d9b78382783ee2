import { generateKeyPairSync } from 'node:crypto';
import { terminalMessages } from '@portal/contract/terminal';
import { beforeAll, describe, expect, it } from 'vitest';
import { enrolTerminalAt, fakeClock, pgUnavailable, type TestArco, terminalKey, useTestApp, type Worker } from './helper';
import { enrolBoundTerminal, newDeviceKey, signedNonce } from './terminal-device';

/**
 * The terminal's device key (docs/decisions/060-terminal-budget-and-binding.md): a sign-in at a bound
 * terminal carries a server nonce signed by the key the tablet created at enrolment, so the credential
 * string copied elsewhere signs nobody in.
 */
describe.skipIf(pgUnavailable)('device binding of the terminals', () => {
  const t = useTestApp();
  let s1: TestArco;
  let ana: Worker;

  const signIn = (credential: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/terminal/sign-in', headers: terminalKey(credential), payload: body as string });

  beforeAll(async () => {
    s1 = await t.createArco('Arco Clave');
    ana = await t.createWorker(s1, 'Ana Clave');
    expect((await t.send(ana.token, 'PUT', '/api/users/me/pin', { current_password: ana.password, pin: '4321' })).statusCode).toBe(204);
  });

  it('signs in only with a fresh nonce of this terminal signed by its own device key', async () => {
    const tablet = await enrolBoundTerminal(t, s1.id, 'Tablet Firmada');
    const me = await t.app.inject({ method: 'GET', url: '/api/terminal', headers: terminalKey(tablet.credential) });
    expect(me.json().device_bound).toBe(true);
    const body = { worker_id: ana.worker_id, pin: '4321' };

    // The copied credential alone: no signature, or one by another key, signs nobody in.
    const copied = await signIn(tablet.credential, body);
    expect([copied.statusCode, copied.json()]).toEqual([401, { message: terminalMessages.deviceSignatureRequired }]);
    const stranger = await signedNonce(t, tablet.credential, newDeviceKey().privateKey);
    expect((await signIn(tablet.credential, { ...body, ...stranger })).json()).toEqual({
      message: terminalMessages.deviceSignatureRequired,
    });
    // A nonce made up, or another terminal's, is refused even when signed by the right key.
    const other = await enrolBoundTerminal(t, s1.id);
    const foreign = await signedNonce(t, other.credential, tablet.privateKey);
    expect((await signIn(tablet.credential, { ...body, ...foreign })).statusCode).toBe(401);
    // The badge way needs the signature too.
    expect((await signIn(tablet.credential, { badge: 'CUALQUIERA' })).json()).toEqual({
      message: terminalMessages.deviceSignatureRequired,
    });

    const signed = await signIn(tablet.credential, { ...body, ...(await signedNonce(t, tablet.credential, tablet.privateKey)) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().user.id).toBe(ana.id);
    // A refused signature spends nothing of the PIN budget.
    const row = await t.db.selectFrom('terminals').select('pin_failures').where('id', '=', tablet.terminal.id).executeTakeFirstOrThrow();
    expect(row.pin_failures).toBe(0);
  });

  it('refuses a nonce past its two minutes', async () => {
    const tablet = await enrolBoundTerminal(t, s1.id);
    const clock = fakeClock();
    const proof = await signedNonce(t, tablet.credential, tablet.privateKey);
    clock.travel(121_000);
    expect((await signIn(tablet.credential, { worker_id: ana.worker_id, pin: '4321', ...proof })).json()).toEqual({
      message: terminalMessages.deviceSignatureRequired,
    });
  });

  it('refuses a device key that is not a P-256 public key, creating no terminal', async () => {
    const admin = await t.adminToken();
    const before = await t.countRows('terminals');
    // Another curve's key, bytes that are no key, and text that is not base64url.
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
    for (const device_key of [p384, 'x'.repeat(120), 'no válida']) {
      const code = (await t.send(admin, 'POST', `/api/admin/arcos-sumergidos/${s1.id}/terminal-codes`)).json().code;
      const res = await t.app.inject({ method: 'POST', url: '/api/terminal/enrol', payload: { code, device_key } });
      expect([res.statusCode, res.json()]).toEqual([400, { message: terminalMessages.deviceKeyInvalid }]);
    }
    expect(await t.countRows('terminals')).toBe(before);
  });

  it('lets a tablet enrolled before binding record its key once, then holds it to that key', async () => {
    const { credential, terminal } = await enrolTerminalAt(t, s1.id, 'Tablet Antigua');
    const admin = await t.adminToken();
    const listed = async () =>
      ((await t.send(admin, 'GET', '/api/admin/terminals')).json() as { id: number; device_bound: boolean }[]).find(
        (x) => x.id === terminal.id,
      );
    expect((await listed())?.device_bound).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/terminal', headers: terminalKey(credential) })).json().device_bound).toBe(false);
    // Until then it works as before.
    expect((await signIn(credential, { worker_id: ana.worker_id, pin: '4321' })).statusCode).toBe(200);

    const key = newDeviceKey();
    const bind = (device_key: string) =>
      t.app.inject({ method: 'PUT', url: '/api/terminal/device-key', headers: terminalKey(credential), payload: { device_key } });
    expect((await bind(key.publicKey)).statusCode).toBe(204);
    // A second key (a copy of the credential binding itself) is refused: the first holds.
    const again = await bind(newDeviceKey().publicKey);
    expect([again.statusCode, again.json()]).toEqual([409, { message: terminalMessages.deviceKeyTaken }]);
    expect((await listed())?.device_bound).toBe(true);
    expect((await signIn(credential, { worker_id: ana.worker_id, pin: '4321' })).statusCode).toBe(401);
    const proof = await signedNonce(t, credential, key.privateKey);
    expect((await signIn(credential, { worker_id: ana.worker_id, pin: '4321', ...proof })).statusCode).toBe(200);
    const audit = await t.send(admin, 'GET', `/api/admin/audit?entity=terminal&entity_id=${terminal.id}&action=device_key`);
    expect(audit.json().items).toHaveLength(1);
  });
});
