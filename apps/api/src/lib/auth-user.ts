import type { TokenClaims } from '@portal/contract/auth';
import type { Role } from '@portal/contract/common';

/** The signed-in caller every service receives: the account from the database, the login's choices from the token. */
export interface AuthUser {
  id: number;
  worker_id: string;
  name: string;
  /** Read from the database (or the short cache below): a demoted admin loses rights at once. */
  role: Role;
  nave: string | null;
  /** The station chosen at login, carried by the token. */
  arco_sumergido_id: number | null;
  arco_sumergido_name: string | null;
  /**
   * Set on a session opened at a station terminal (PIN or badge): the terminal, read on this request,
   * so a revoked one refuses the session at once (docs/decisions/036-station-terminal.md).
   */
  terminal?: { id: number; name: string } | null;
  /** When the token was issued (its `iat`): a handover written before it is one to read (modules/handovers). */
  signed_in_at?: string;
}

/** The account row authentication reads (users/repository.ts findAccount). */
export interface Account {
  id: number;
  worker_id: string;
  name: string;
  role: Role;
  token_version: number;
  nave: string | null;
}

/** `terminal`: the live terminal of a terminal session, whose role is always 'user' (no admin rights on a shared tablet). */
export function toAuthUser(account: Account, claims: TokenClaims, terminal?: { id: number; name: string }): AuthUser {
  return {
    id: account.id,
    worker_id: account.worker_id,
    name: account.name,
    role: terminal ? 'user' : account.role,
    ...(terminal ? { terminal } : {}),
    nave: claims.nave ?? account.nave ?? null,
    arco_sumergido_id: claims.arco_sumergido_id ?? null,
    arco_sumergido_name: claims.arco_sumergido_name ?? null,
    // `iat` counts whole seconds: the end of that second, so nothing written in it comes after.
    ...(claims.iat ? { signed_in_at: new Date(claims.iat * 1000 + 999).toISOString() } : {}),
  };
}

/**
 * The account rows authentication reads, kept for a moment (AUTH_CACHE_MS): every authenticated
 * request used to pay a database round trip for them. Services that change an account invalidate it
 * at once; another instance's changes show within the TTL. A token whose version differs from the
 * cached row always re-reads, so a fresh token after a password change works immediately everywhere.
 */
export class UserCache {
  private readonly rows = new Map<number, { row: Account; expires: number }>();
  constructor(private readonly ttlMs: number) {}

  get(id: number): Account | undefined {
    const hit = this.rows.get(id);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.rows.delete(id);
      return undefined;
    }
    return hit.row;
  }

  set(id: number, row: Account): void {
    if (this.ttlMs <= 0) return;
    if (this.rows.size >= 10_000) this.rows.clear();
    this.rows.set(id, { row, expires: Date.now() + this.ttlMs });
  }

  /** Forgets one account (after a change to it), or all of them. */
  invalidate(id?: number): void {
    if (id === undefined) this.rows.clear();
    else this.rows.delete(id);
  }
}
