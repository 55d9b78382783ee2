import { generateKeyPairSync, sign } from 'node:crypto';
import { terminalSignedText } from '@portal/contract/terminal';

type Call = (method: string, url: string, headers: Record<string, string>, body?: unknown) => Promise<ReturnType<typeof JSON.parse>>;

/**
 * Workers of a bench with a PIN for the arco's terminal: each registered, signed in once at the arco
 * (as a worker does before setting a PIN) and given `pinOf(i)`.
 */
export async function workersWithPins(
  call: Call,
  arco: { id: number; nave: { name: string } },
  count: number,
  prefix: string,
  pinOf: (i: number) => string,
) {
  const password = 'bench-secreto-1';
  const workers: { worker_id: string; pin: string }[] = [];
  for (let i = 0; i < count; i++) {
    const worker_id = `${prefix}${i}`;
    const pin = pinOf(i);
    await call('POST', '/api/auth/register', {}, { worker_id, name: `Soldador ${i}`, password });
    const login = await call('POST', '/api/auth/login', {}, { worker_id, password, nave: arco.nave.name, arco_sumergido_id: arco.id });
    await call('PUT', '/api/users/me/pin', { authorization: `Bearer ${login.accessToken}` }, { current_password: password, pin });
    workers.push({ worker_id, pin });
  }
  return workers;
}

/**
 * An enrolled terminal as a bench drives it, with a device key of its own (as the tablet's browser
 * makes at enrolment; docs/decisions/060-terminal-budget-and-binding.md): its headers, a PIN
 * sign-in's body signed over a fresh nonce, and an admin's reset of its PIN budget.
 */
export async function benchTerminal(call: Call, admin: string, arcoId: number) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const device_key = publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
  const { code } = await call('POST', `/api/admin/arcos-sumergidos/${arcoId}/terminal-codes`, { authorization: `Bearer ${admin}` });
  const enrolled = (await call('POST', '/api/terminal/enrol', {}, { code, name: 'Tablet Sonda', device_key })) as {
    credential: string;
    terminal: { id: number };
  };
  const headers = { 'x-terminal-key': enrolled.credential };
  return {
    id: enrolled.terminal.id,
    headers: async () => headers,
    pinBody: async (worker_id: string, pin: string) => {
      const { nonce } = await call('GET', '/api/terminal/nonce', headers);
      const signature = sign('sha256', Buffer.from(terminalSignedText(nonce)), { key: privateKey, dsaEncoding: 'ieee-p1363' });
      return { worker_id, pin, nonce, signature: signature.toString('base64url') };
    },
    reset: async () => {
      await call('POST', `/api/admin/terminals/${enrolled.terminal.id}/pin-unlock`, { authorization: `Bearer ${admin}` });
    },
  };
}
