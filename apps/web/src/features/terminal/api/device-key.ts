import type { TerminalNonce } from '@portal/contract/terminal';
import { terminalSignedText } from '@portal/contract/terminal-messages';
import { createStore, del, get, set } from 'idb-keyval';

/**
 * The terminal's device key (docs/decisions/060-terminal-budget-and-binding.md): an ECDSA P-256 pair
 * created by WebCrypto at enrolment, its private half non-extractable, kept in IndexedDB; the server
 * holds the public half and wants each sign-in's nonce signed by it, so the credential string copied
 * to another browser signs nobody in. Without WebCrypto (a page not served over HTTPS or localhost)
 * the tablet enrols without a key, as before.
 */

const store = typeof indexedDB === 'undefined' ? undefined : createStore('portal-terminal', 'device-key');
const KEY = 'pair';

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const available = () => store !== undefined && typeof crypto !== 'undefined' && crypto.subtle !== undefined;

/** The pair kept on this device, if any. */
export async function devicePair(): Promise<CryptoKeyPair | undefined> {
  if (!available()) return undefined;
  try {
    return await get<CryptoKeyPair>(KEY, store);
  } catch {
    return undefined;
  }
}

/** A new pair, kept (replacing any other): its public half as SPKI base64url, for the server. Undefined without WebCrypto. */
export async function createDeviceKey(): Promise<string | undefined> {
  if (!available()) return undefined;
  try {
    const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    await set(KEY, pair, store);
    return base64url(await crypto.subtle.exportKey('spki', pair.publicKey));
  } catch {
    return undefined;
  }
}

/** The public half of the kept pair, creating one if there is none. */
export async function devicePublicKey(): Promise<string | undefined> {
  const pair = await devicePair();
  if (!pair) return createDeviceKey();
  return base64url(await crypto.subtle.exportKey('spki', pair.publicKey));
}

/** Forgets the pair (the credential was refused: a new enrolment makes a new one). */
export async function forgetDeviceKey(): Promise<void> {
  if (store) await del(KEY, store).catch(() => undefined);
}

/**
 * What a sign-in carries to prove it comes from the enrolled device: a fresh server nonce and its
 * signature (IEEE P1363, as WebCrypto gives it). Nothing when this device has no key.
 */
export async function deviceProof(getNonce: () => Promise<TerminalNonce>): Promise<{ nonce?: string; signature?: string }> {
  const pair = await devicePair();
  if (!pair) return {};
  const { nonce } = await getNonce();
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    pair.privateKey,
    new TextEncoder().encode(terminalSignedText(nonce)),
  );
  return { nonce, signature: base64url(signature) };
}
