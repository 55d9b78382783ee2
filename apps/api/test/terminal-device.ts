import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { terminalSignedText } from '@portal/contract/terminal';
import { adminToken, bearer, type TestApp, terminalKey } from './helper';

/** A tablet with its own device key (P-256), as the web client creates at enrolment (docs/decisions/060-terminal-budget-and-binding.md). */
export interface BoundTerminal {
  credential: string;
  terminal: { id: number; name: string; arco_sumergido_id: number };
  privateKey: KeyObject;
  /** The device key's public half, SPKI DER in base64url, as sent at enrolment. */
  publicKey: string;
}

export const newDeviceKey = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey, publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64url') };
};

/** Enrols a terminal of an arco with a device key of its own. */
export async function enrolBoundTerminal(t: TestApp, arcoId: number, name?: string): Promise<BoundTerminal> {
  const admin = await adminToken(t);
  const code = await t.app.inject({ method: 'POST', url: `/api/admin/arcos-sumergidos/${arcoId}/terminal-codes`, headers: bearer(admin) });
  const key = newDeviceKey();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/terminal/enrol',
    payload: { code: code.json().code, device_key: key.publicKey, ...(name ? { name } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`terminal enrolment failed: ${res.statusCode} ${res.body}`);
  return { ...res.json(), ...key };
}

/** A fresh server nonce for a terminal credential, and its signature by a device key (IEEE P1363, base64url). */
export async function signedNonce(t: TestApp, credential: string, privateKey: KeyObject): Promise<{ nonce: string; signature: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/terminal/nonce', headers: terminalKey(credential) });
  if (res.statusCode !== 200) throw new Error(`nonce failed: ${res.statusCode} ${res.body}`);
  const nonce = res.json().nonce as string;
  const signature = sign('sha256', Buffer.from(terminalSignedText(nonce)), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  );
  return { nonce, signature };
}
