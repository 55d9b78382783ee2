import { messages } from '@portal/contract/common';
import { ERROR_CODE_HEADER, errorCodes } from '@portal/contract/error-codes';
import { TERMINAL_KEY_HEADER, terminalMessages } from '@portal/contract/terminal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context';
import { type Account, type AuthUser, toAuthUser } from '../lib/auth-user';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import type { VerifiedClaims } from '../lib/tokens';

/**
 * Who may call a route, declared next to its definition as `config: { policy }`:
 * - public: anyone;
 * - user: any signed-in account (ownership rules are checked by the service);
 * - admin: a signed-in account whose role, read from the database on this request, is admin;
 * - terminal: a station terminal, by its device credential in the X-Terminal-Key header
 *   (docs/decisions/036-station-terminal.md); no user.
 * A route under /api without a policy makes the app fail to start.
 */
export type Policy = 'public' | 'user' | 'admin' | 'terminal';
const POLICIES: readonly Policy[] = ['public', 'user', 'admin', 'terminal'];

/** The station terminal calling a `terminal` route, read from the database on this request. */
export interface TerminalCaller {
  id: number;
  name: string;
  arco_sumergido_id: number;
  arco_sumergido_name: string;
  nave: string;
  /** Its device key (SPKI, base64url) when read by credential; null: enrolled before device binding. */
  device_key?: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    terminal: TerminalCaller | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared policy, recorded as routes register (for audits and tests). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  policy: Policy;
}

/** The token of an `Authorization: Bearer` header: null without the header, '' when it is malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : '';
}

/** The claims of the request's token; 401 without one or with one that is not valid. */
function verifiedClaims(ctx: ServiceContext, request: FastifyRequest): VerifiedClaims {
  const token = bearerToken(request);
  if (token === null) throw unauthorized(messages.unauthenticated);
  const claims = token ? ctx.tokens.verify(token) : null;
  if (!claims) throw unauthorized(messages.invalidToken);
  return claims;
}

/**
 * The caller, when their account row is cached and of the token's version: the synchronous half of
 * authentication, part of the wall list's fast path (modules/wall/page-cache/plugin.ts). Undefined
 * when the row must be read (readCaller).
 */
function cachedCaller(ctx: ServiceContext, claims: VerifiedClaims): AuthUser | undefined {
  const cached = ctx.userCache.get(claims.id);
  return cached && cached.token_version === claims.tv ? toAuthUser(cached, claims) : undefined;
}

/** A 401 refusing the station terminal's credential itself, with its stable code: the terminal forgets the credential on it. */
const credentialRefused = (message: string) => new AppError(401, message, { [ERROR_CODE_HEADER]: errorCodes.terminalCredentialRefused });

/**
 * The caller from the database (then cached). A deleted user, or a token issued before a password
 * change, gets 401; so does a terminal session whose terminal was revoked (read on every request).
 */
async function readCaller({ ctx, findAccount, findLiveTerminal }: AuthOptions, claims: VerifiedClaims): Promise<AuthUser> {
  const [row, terminal] = await Promise.all([
    findAccount(claims.id),
    claims.terminal_id === undefined ? undefined : findLiveTerminal(claims.terminal_id),
  ]);
  if (claims.terminal_id !== undefined && !terminal) throw credentialRefused(terminalMessages.credentialRevoked);
  if (row) ctx.userCache.set(claims.id, row);
  else ctx.userCache.invalidate(claims.id);
  if (!row || row.token_version !== claims.tv) throw unauthorized(messages.invalidToken);
  return toAuthUser(row, claims, terminal);
}

/** The terminal of the request's X-Terminal-Key; 401 without one or with one unknown or revoked. */
async function readTerminal({ findTerminal }: AuthOptions, request: FastifyRequest): Promise<TerminalCaller> {
  const header = request.headers[TERMINAL_KEY_HEADER.toLowerCase()];
  const credential = Array.isArray(header) ? header[0] : header;
  if (!credential) throw credentialRefused(terminalMessages.credentialMissing);
  const terminal = await findTerminal(credential);
  if (!terminal) throw credentialRefused(terminalMessages.credentialRevoked);
  return terminal;
}

/** Lets the request on with its caller, or answers 403 on an admin route for anyone else. */
function admit(request: FastifyRequest, policy: Policy, user: AuthUser, done: (error?: Error) => void): void {
  request.user = user;
  done(policy === 'admin' && user.role !== 'admin' ? forbidden(messages.adminOnly) : undefined);
}

export interface AuthOptions {
  ctx: ServiceContext;
  /** The account row of a user id (the users module's, passed in by app.ts); undefined when deleted. */
  findAccount: (id: number) => Promise<Account | undefined>;
  /** The live (not revoked) terminal of a device credential (the terminals module's). */
  findTerminal: (credential: string) => Promise<TerminalCaller | undefined>;
  /** The live terminal of a terminal session's `terminal_id`: undefined once revoked. */
  findLiveTerminal: (id: number) => Promise<{ id: number; name: string } | undefined>;
}

/**
 * Every route's policy, checked before its handler: the token is verified (the token service
 * remembers tokens it verified), the account row read or taken from the user cache (AUTH_CACHE_MS),
 * so the role and the token version are the database's.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthOptions) {
    const { ctx } = options;
    app.decorate('routeTable', [] as RouteEntry[]);
    app.decorateRequest('user', null);
    app.decorateRequest('terminal', null);

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api')) return;
      if (route.url.startsWith('/api/docs')) {
        route.config = { ...(route.config ?? {}), policy: 'public' };
        return;
      }
      const policy = (route.config as { policy?: Policy } | undefined)?.policy;
      if (!policy || !POLICIES.includes(policy)) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no policy (config.policy)`);
      }
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, policy });
      }
      // The OpenAPI document asks every operation for the bearer token unless it says otherwise;
      // deriving that from the policy keeps the page true to what the server enforces.
      if (policy === 'public') route.schema = { ...route.schema, security: [] };
      if (policy === 'terminal') route.schema = { ...route.schema, security: [{ terminalKey: [] }] };
    });

    // A callback hook: with the account cached, a request passes with no promise in between.
    app.addHook('onRequest', (request, _reply, done) => {
      const policy = request.routeOptions.config?.policy;
      if (!policy || policy === 'public') return done();
      if (policy === 'terminal') {
        readTerminal(options, request).then((terminal) => {
          request.terminal = terminal;
          done();
        }, done);
        return;
      }
      let claims: VerifiedClaims;
      let user: AuthUser | undefined;
      try {
        claims = verifiedClaims(ctx, request);
        user = cachedCaller(ctx, claims);
      } catch (error) {
        return done(error as Error);
      }
      // A terminal session checks its terminal on every request: no cached fast path.
      if (user && claims.terminal_id === undefined) admit(request, policy, user, done);
      else readCaller(options, claims).then((loaded) => admit(request, policy, loaded, done), done);
    });
  },
  { name: 'auth' },
);

/** The station terminal of a route whose policy is terminal. */
export function currentTerminal(request: FastifyRequest): TerminalCaller {
  if (!request.terminal) throw credentialRefused(terminalMessages.credentialMissing);
  return request.terminal;
}

/** The signed-in caller of a route whose policy is user or admin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
