import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TokenClaims } from '@portal/contract/auth';
import { messages, type Role } from '@portal/contract/common';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { forbidden, unauthorized } from '../lib/errors';

/**
 * Who may call a route, declared next to its definition as `config: { policy }`:
 * - public: anyone;
 * - user: any signed-in account (ownership rules are checked by the service);
 * - admin: a signed-in account whose role, read from the database on this request, is admin.
 * A route under /api without a policy makes the app fail to start.
 */
export type Policy = 'public' | 'user' | 'admin';

export interface AuthUser {
  id: number;
  worker_id: string;
  name: string;
  /** Read from the database on each request: a demoted admin loses rights at once. */
  role: Role;
  nave: string | null;
  /** The station chosen at login, carried by the token. */
  arco_sumergido_id: number | null;
  arco_sumergido_name: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** Short-lived cache of the accounts authentication reads; invalidate after changing a user. */
    userCache: UserCache;
    /** Every /api route with its declared policy, recorded as routes register (for audits and tests). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  policy: Policy;
}

export interface TokenInput {
  id: number;
  name: string;
  worker_id: string;
  role: Role;
  nave: string | null;
  arco_sumergido_id: number | null;
  arco_sumergido_name: string | null;
  token_version: number;
}

export interface TokenService {
  sign(input: TokenInput): string;
  verify(token: string): (TokenClaims & { tv: number }) | null;
}

/** JWT_SECRET, else a secret generated once and kept in the data directory (never committed). */
export function resolveSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('hex');
  // Written aside and renamed into place: a crash during the first start never leaves an empty secret.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, secret, { mode: 0o600 });
  renameSync(tmp, file);
  return readFileSync(file, 'utf8').trim();
}

/** How many verified tokens createTokenService remembers (a shift's phones, with room to spare). */
const VERIFIED_TOKENS_MAX = 10_000;

type VerifiedClaims = TokenClaims & { tv: number };

export function createTokenService(secret: string, ttlHours: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: Math.round(ttlHours * 3_600_000) });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  /**
   * Tokens whose signature and claims were checked, by their exact text: a phone sends the same token
   * on every request, and checking the HMAC and the claims again cost about a tenth of a cached wall
   * answer (issue 8). Only the expiry can change, so it is checked on every use. Any other text, even
   * one character apart, is verified in full.
   */
  const verified = new Map<string, VerifiedClaims>();

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
        !Number.isInteger(claims.tv)
      ) {
        return null;
      }
      return claims as unknown as VerifiedClaims;
    } catch {
      return null;
    }
  }

  return {
    sign: (u) =>
      signer({
        id: u.id,
        name: u.name,
        worker_id: u.worker_id,
        role: u.role,
        nave: u.nave,
        arco_sumergido_id: u.arco_sumergido_id,
        arco_sumergido_name: u.arco_sumergido_name,
        tv: u.token_version,
      }),
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

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

const loadUser = (db: Db, id: number) =>
  db
    .selectFrom('users')
    .leftJoin('naves', 'naves.id', 'users.nave_id')
    .select(['users.id', 'users.worker_id', 'users.name', 'users.role', 'users.token_version', 'naves.name as nave'])
    .where('users.id', '=', id)
    .executeTakeFirst();
type AuthRow = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

/**
 * The account rows authentication reads, kept for a moment (DECISIONS.md section 3 allows "a short
 * cache"): every authenticated request used to pay a database round trip for them. Changes made
 * through this instance invalidate at once; another instance's changes show within the TTL. A token
 * whose version differs from the cached row always re-reads, so a fresh token after a password change
 * works immediately everywhere.
 */
export class UserCache {
  private readonly rows = new Map<number, { row: AuthRow; expires: number }>();
  constructor(private readonly ttlMs: number) {}

  get(id: number): AuthRow | undefined {
    const hit = this.rows.get(id);
    if (!hit) return undefined;
    if (hit.expires <= Date.now()) {
      this.rows.delete(id);
      return undefined;
    }
    return hit.row;
  }

  set(id: number, row: AuthRow): void {
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

function authUser(row: AuthRow, claims: TokenClaims): AuthUser {
  return {
    id: row.id,
    worker_id: row.worker_id,
    name: row.name,
    role: row.role,
    nave: claims.nave ?? row.nave ?? null,
    arco_sumergido_id: claims.arco_sumergido_id ?? null,
    arco_sumergido_name: claims.arco_sumergido_name ?? null,
  };
}

/**
 * The caller of a request, or an error to answer with. Synchronous when the account row is cached (the
 * common case: no promise, no microtask on every request); a promise when it has to be read.
 */
function authenticate(db: Db, tokens: TokenService, cache: UserCache, request: FastifyRequest): AuthUser | Promise<AuthUser> {
  const token = bearer(request);
  if (token === null) throw unauthorized(messages.unauthenticated);
  const claims = token ? tokens.verify(token) : null;
  if (!claims) throw unauthorized(messages.invalidToken);
  const cached = cache.get(claims.id);
  if (cached && cached.token_version === claims.tv) return authUser(cached, claims);
  return loadUser(db, claims.id).then((row) => {
    if (row) cache.set(claims.id, row);
    else cache.invalidate(claims.id);
    // A deleted user, or a token issued before a password change, stops working at once.
    if (!row || row.token_version !== claims.tv) throw unauthorized(messages.invalidToken);
    return authUser(row, claims);
  });
}

/** Lets the request on with its caller, or answers 403 on an admin route for anyone else. */
function admit(request: FastifyRequest, policy: Policy, user: AuthUser, done: (error?: Error) => void): void {
  request.user = user;
  done(policy === 'admin' && user.role !== 'admin' ? forbidden(messages.adminOnly) : undefined);
}

export default fp(
  async function authPlugin(app: FastifyInstance, opts: { db: Db; tokens: TokenService; userCacheMs: number }) {
    app.decorate('tokens', opts.tokens);
    const cache = new UserCache(opts.userCacheMs);
    app.decorate('userCache', cache);
    app.decorate('routeTable', [] as RouteEntry[]);
    app.decorateRequest('user', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      if (route.url.startsWith('/api/docs')) {
        route.config = { ...(route.config ?? {}), policy: 'public' };
        return;
      }
      const policy = (route.config as { policy?: Policy } | undefined)?.policy;
      if (policy !== 'public' && policy !== 'user' && policy !== 'admin') {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no policy (config.policy)`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, policy });
      }
    });

    // A callback hook: with the account cached, a request passes with no promise in between.
    app.addHook('onRequest', (request, _reply, done) => {
      const policy = request.routeOptions.config?.policy;
      if (!policy || policy === 'public') return done();
      let user: AuthUser | Promise<AuthUser>;
      try {
        user = authenticate(opts.db, opts.tokens, cache, request);
      } catch (error) {
        return done(error as Error);
      }
      if (user instanceof Promise) user.then((loaded) => admit(request, policy, loaded, done), done);
      else admit(request, policy, user, done);
    });
  },
  { name: 'auth' },
);

/** The signed-in caller of a route whose policy is user or admin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
