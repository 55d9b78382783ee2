import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TokenClaims } from '@portal/contract/auth';
import { createSigner, createVerifier } from 'fast-jwt';
import type { Config } from '../config';
import { privateDirSync } from './file-modes';

/** What a session token is signed from: the account, the nave and station chosen at login, and the token version. */
export type TokenInput = Omit<TokenClaims, 'iat' | 'exp'> & { token_version: number };

/** A session's claims once its signature and shape were checked; `tv` is the account's token version. */
export type VerifiedClaims = TokenClaims & { tv: number };

/** Signs and verifies the portal's session tokens (HS256 JWTs). */
export interface TokenService {
  sign(input: TokenInput): string;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): VerifiedClaims | null;
  /**
   * An HMAC-SHA256 (base64url) of a text under a key derived from the secret for one purpose: the
   * terminal's opaque worker references and sign-in nonces, which only the server can make.
   */
  mac(purpose: string, text: string): string;
}

/** JWT_SECRET, else a secret generated once and kept in the data directory (never committed). */
export function resolveSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  privateDirSync(config.dataDir);
  const secret = randomBytes(48).toString('hex');
  // Written aside and renamed into place: a crash during the first start never leaves an empty secret.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, secret, { mode: 0o600 });
  renameSync(tmp, file);
  return readFileSync(file, 'utf8').trim();
}

/** How many verified tokens createTokenService remembers (a shift's phones, with room to spare). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * `terminalTtlMinutes`: the lifetime of a session opened at a station terminal (a token with
 * `terminal_id`), much shorter than a phone's (docs/decisions/036-station-terminal.md).
 */
export function createTokenService(secret: string, ttlHours: number, terminalTtlMinutes = 60): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: Math.round(ttlHours * 3_600_000) });
  const terminalSigner = createSigner({ key: secret, algorithm: 'HS256', expiresIn: Math.round(terminalTtlMinutes * 60_000) });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  /**
   * Tokens whose signature and claims were checked, by their exact text: a phone sends the same token
   * on every request, and checking the HMAC and the claims again cost about a tenth of a cached wall
   * answer (docs/performance-history.md, 'Per-request overhead'). Only the expiry can change, so it is checked on every use. Any other text, even
   * one character apart, is verified in full.
   */
  const verified = new Map<string, VerifiedClaims>();
  const macKeys = new Map<string, Buffer>();

  function verifyFully(token: string): VerifiedClaims | null {
    try {
      const claims = verifier(token) as Record<string, unknown>;
      // The id goes into SQL: outside a 32-bit id column PostgreSQL would fail instead of finding nobody.
      if (
        !Number.isInteger(claims.id) ||
        (claims.id as number) < 1 ||
        (claims.id as number) > 2_147_483_647 ||
        typeof claims.worker_id !== 'string' ||
        typeof claims.exp !== 'number' ||
        !Number.isInteger(claims.tv) ||
        (claims.terminal_id !== undefined && !(Number.isInteger(claims.terminal_id) && (claims.terminal_id as number) > 0))
      ) {
        return null;
      }
      return claims as unknown as VerifiedClaims;
    } catch {
      return null;
    }
  }

  return {
    sign: (u) => {
      const claims = {
        id: u.id,
        name: u.name,
        worker_id: u.worker_id,
        role: u.role,
        nave: u.nave,
        arco_sumergido_id: u.arco_sumergido_id,
        arco_sumergido_name: u.arco_sumergido_name,
        tv: u.token_version,
      };
      return u.terminal_id === undefined ? signer(claims) : terminalSigner({ ...claims, terminal_id: u.terminal_id });
    },
    mac: (purpose, text) => {
      let key = macKeys.get(purpose);
      if (!key) {
        key = createHmac('sha256', secret).update(`portal-mac:${purpose}`).digest();
        macKeys.set(purpose, key);
      }
      return createHmac('sha256', key).update(text).digest('base64url');
    },
    verify: (token) => {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      const claims = verifyFully(token);
      if (claims) {
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
        verified.set(token, claims);
      }
      return claims;
    },
  };
}
