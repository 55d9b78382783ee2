import type { TokenClaims } from '@portal/contract/auth';
import { useSyncExternalStore } from 'react';

/** The session token lives in localStorage under 'token'. */
export const TOKEN_KEY = 'token';

const listeners = new Set<() => void>();
/** Tells the screens the session changed (a sign-in, a sign-out, a terminal's worker switch). */
export const notifyToken = () => {
  for (const l of listeners) l();
};

/** A session kept elsewhere than localStorage: a station terminal's selected worker (features/terminal/api/terminal-session.ts). */
export interface SessionSource {
  get(): string | null;
  remove(): void;
}
let source: SessionSource | undefined;
export function setSessionSource(next?: SessionSource): void {
  source = next;
  notifyToken();
}

export function getToken(): string | null {
  if (source) return source.get();
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notifyToken();
}

export function removeToken(): void {
  if (source) source.remove();
  else localStorage.removeItem(TOKEN_KEY);
  notifyToken();
}

/** Decodes the claims of a JWT without verifying it (the server verifies); null when undecodable. */
export function decodeToken(token: string | null): TokenClaims | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    // The claims are UTF-8 (names with accents); `fatal` refuses a malformed one like any undecodable token.
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const claims = JSON.parse(json) as TokenClaims;
    if (typeof claims !== 'object' || claims === null || typeof claims.id !== 'number') return null;
    return claims;
  } catch {
    return null;
  }
}

/** Expiry is compared in seconds, as the token's exp claim counts them. */
export function isExpired(claims: TokenClaims, nowMs = Date.now()): boolean {
  return typeof claims.exp !== 'number' || claims.exp < Math.floor(nowMs / 1000);
}

export type SessionState =
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'ok'; token: string; user: TokenClaims };

export function readSession(): SessionState {
  const token = getToken();
  if (!token) return { status: 'none' };
  const user = decodeToken(token);
  if (!user) return { status: 'invalid' };
  if (isExpired(user)) return { status: 'expired' };
  return { status: 'ok', token, user };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The decoded signed-in user, re-rendering when the token changes (also in another tab). */
export function useCurrentUser(): TokenClaims | null {
  const token = useSyncExternalStore(subscribe, getToken, () => null);
  const claims = decodeToken(token);
  return claims && !isExpired(claims) ? claims : null;
}
