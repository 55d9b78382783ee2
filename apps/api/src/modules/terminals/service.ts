import { createHash, randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { arcoMessages } from '@portal/contract/arcos';
import {
  type AdminTerminal,
  type EnrolResponse,
  type PlantaTerminal,
  TERMINAL_CODE_DIGITS,
  TERMINAL_CODE_MINUTES,
  TERMINAL_HOME_POSTS,
  TERMINAL_HOME_TRAMOS,
  TERMINAL_ONLINE_MINUTES,
  TERMINAL_RECENT_DAYS,
  TERMINAL_RECENT_MAX,
  type TerminalCodeResponse,
  type TerminalHome,
  type TerminalMe,
  type TerminalSignInResponse,
  terminalMessages,
} from '@portal/contract/terminal';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import type { TerminalCaller } from '../../plugins/auth';
import { findArco } from '../arcos/service';
import { attemptsOf, clearAttempts, failureDelayMs, recordAttempt, takeAttempt } from '../attempts/service';
import { recordAudit } from '../audit/service';
import { arcoMachine } from '../machines/service';
import { activeAtArcoId, arcoParadasToday } from '../paradas/service';
import { latestOfArco } from '../tramos/service';
import { findBadgeUser, findPinUser, hashBadge } from '../users/service';
import { arcoWall } from '../wall/service';
import * as repo from './repository';

// The station terminal (docs/decisions/036-station-terminal.md): enrolment codes, the device
// credential, PIN and badge sign-in, the home snapshot and the admin's list.

export { findLive as findLiveTerminal } from './repository';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** last_seen_at is written at most this often per terminal (a heartbeat a minute, a refetch on each event). */
const TOUCH_EVERY_MS = 30_000;
const ONLINE_MS = TERMINAL_ONLINE_MINUTES * 60_000;

/** Failures of one worker's PIN across terminals after which their sign-ins are slowed. */
export const PIN_WORKER_DELAY_AFTER = 5;
/** Failures at one terminal (any worker, PIN or badge) after which its sign-ins are slowed. */
export const PIN_TERMINAL_DELAY_AFTER = 20;

const pairKey = (terminalId: number, workerId: string) => `terminal-pin:${terminalId}:${workerId}`;
const workerKey = (workerId: string) => `terminal-pin-worker:${workerId}`;
const terminalKey = (terminalId: number) => `terminal-pin-terminal:${terminalId}`;
const badgeKey = (terminalId: number) => `terminal-badge:${terminalId}`;

/** The pause before a PIN is checked: the longer of the worker's and the terminal's, never a refusal. */
export function pinDelayMs(workerFailures: number, terminalFailures: number, maxMs: number): number {
  return Math.max(
    failureDelayMs(workerFailures, PIN_WORKER_DELAY_AFTER, maxMs),
    failureDelayMs(terminalFailures, PIN_TERMINAL_DELAY_AFTER, maxMs),
  );
}

/** The terminal of a device credential, if it is live: the auth plugin's `terminal` policy. */
export async function findTerminalByCredential(ctx: ServiceContext, credential: string): Promise<TerminalCaller | undefined> {
  if (credential.length > 200) return undefined;
  return repo.findByCredential(ctx.db, sha256(credential));
}

const isOnline = (lastSeen: string | null, now: number) => lastSeen !== null && now - Date.parse(lastSeen) < ONLINE_MS;

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.findAdminTerminal>>>;
const adminView = (row: AdminRow, now = Date.now()): AdminTerminal => ({
  id: row.id,
  name: row.name,
  arco_sumergido_id: row.arco_sumergido_id,
  arco_sumergido_name: row.arco_sumergido_name,
  nave: row.nave,
  created_at: row.created_at,
  last_seen_at: row.last_seen_at,
  online: row.revoked_at === null && isOnline(row.last_seen_at, now),
  revoked: row.revoked_at !== null,
  revoked_at: row.revoked_at,
});

/** Records the terminal's activity (a write at most every TOUCH_EVERY_MS). */
export async function touchTerminal(ctx: ServiceContext, terminal: TerminalCaller, now = Date.now()): Promise<void> {
  await repo.touch(ctx.db, terminal.id, new Date(now).toISOString(), new Date(now - TOUCH_EVERY_MS).toISOString());
}

/** An admin issues a one-time enrolment code for an arco's terminal. */
export async function issueCode(ctx: ServiceContext, admin: AuthUser, arcoId: number): Promise<TerminalCodeResponse> {
  if (!(await findArco(ctx.db, arcoId))) throw notFound(arcoMessages.notFound);
  const now = nowIso();
  const expires_at = new Date(Date.parse(now) + TERMINAL_CODE_MINUTES * 60_000).toISOString();
  const code = String(randomInt(0, 10 ** TERMINAL_CODE_DIGITS)).padStart(TERMINAL_CODE_DIGITS, '0');
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteExpiredCodes(trx, now);
    await repo.insertCode(trx, {
      arco_sumergido_id: arcoId,
      code_hash: sha256(code),
      created_by: admin.id,
      created_by_name: admin.name,
      created_at: now,
      expires_at,
    });
    await recordAudit(trx, { actor: admin, entity: 'arco', entityId: arcoId, action: 'terminal_code', touched: ['terminal_code'] });
  });
  return { code, expires_at, message: terminalMessages.codeCreated };
}

/**
 * A device redeems an enrolment code: the code is consumed and the terminal created in one
 * transaction. Attempts are counted per address like registrations; the credential is shown once.
 */
export async function enrol(ctx: ServiceContext, ip: string, body: { code: string; name?: string }): Promise<EnrolResponse> {
  const key = `terminal-enrol:${ip}`;
  await takeAttempt(ctx, key, ctx.limits.loginFailures);
  const credential = `tk_${randomBytes(32).toString('base64url')}`;
  const terminal = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const code = await repo.takeCode(trx, sha256(body.code), now);
    if (!code) throw badRequest(terminalMessages.codeInvalid);
    const arco = await findArco(trx, code.arco_sumergido_id);
    if (!arco) throw badRequest(terminalMessages.codeInvalid);
    const name = body.name ?? terminalMessages.defaultName(arco.name);
    const created = await repo.insertTerminal(trx, {
      arco_sumergido_id: arco.id,
      name,
      credential_hash: sha256(credential),
      created_at: now,
    });
    // The enrolment is the act of the admin who issued the code, completed by the device.
    const actor = code.created_by === null ? null : { id: code.created_by, name: code.created_by_name ?? '' };
    await recordAudit(trx, {
      actor,
      entity: 'terminal',
      entityId: created.id,
      action: 'enrol',
      after: { name, arco_sumergido_id: arco.id },
    });
    return { id: created.id, name, arco_sumergido_id: arco.id, arco_sumergido_name: arco.name, nave: arco.nave };
  });
  await clearAttempts(ctx, key);
  return { credential, terminal, message: terminalMessages.enrolled };
}

/** GET /api/terminal: the device, the workers to offer, the idle time-out. */
export async function terminalMe(ctx: ServiceContext, terminal: TerminalCaller): Promise<TerminalMe> {
  await touchTerminal(ctx, terminal);
  const since = new Date(Date.now() - TERMINAL_RECENT_DAYS * 86_400_000).toISOString();
  const recent_workers = await repo.recentWorkers(ctx.db, terminal.arco_sumergido_id, since, TERMINAL_RECENT_MAX);
  return { terminal, recent_workers, idle_minutes: ctx.terminalIdleMinutes };
}

/** GET /api/terminal/home: what the arco's home shows with nobody signed in. */
export async function terminalHome(ctx: ServiceContext, terminal: TerminalCaller): Promise<TerminalHome> {
  const arcoId = terminal.arco_sumergido_id;
  const [active_parada, machine, today_paradas, circulares, wall] = await Promise.all([
    activeAtArcoId(ctx, arcoId),
    arcoMachine(ctx, arcoId),
    arcoParadasToday(ctx, arcoId),
    latestOfArco(ctx, arcoId, TERMINAL_HOME_TRAMOS),
    arcoWall(ctx, arcoId, TERMINAL_HOME_POSTS),
    touchTerminal(ctx, terminal),
  ]);
  return { active_parada, machine, today_paradas, circulares, wall };
}

/** Remembers a worker signed in at an arco (phone login or terminal): the terminal's list of names. */
export const noteWorkerAtArco = (ctx: ServiceContext, arcoId: number, userId: number) => repo.noteWorker(ctx.db, arcoId, userId, nowIso());

type SignInAccount = NonNullable<Awaited<ReturnType<typeof findPinUser>>>;

/**
 * The worker of a PIN, under the attempt limits: 429 only for this terminal and this worker ID after
 * LOGIN_MAX_FAILURES; across terminals (the worker) and across workers (the terminal) only a growing
 * delay, before the check and for every answer alike, so the right PIN is never refused elsewhere.
 */
async function checkPin(ctx: ServiceContext, terminalId: number, workerId: string, pin: string): Promise<SignInAccount> {
  const [workerFails, terminalFails] = await Promise.all([attemptsOf(ctx, workerKey(workerId)), attemptsOf(ctx, terminalKey(terminalId))]);
  await takeAttempt(ctx, pairKey(terminalId, workerId), ctx.limits.loginFailures);
  const delay = pinDelayMs(workerFails, terminalFails, ctx.limits.loginDelayMaxMs);
  if (delay) await sleep(delay);
  const user = await findPinUser(ctx.db, workerId);
  const ok = await verifyPassword(user?.pin_hash, pin);
  if (!user || !ok) {
    await recordAttempt(ctx, workerKey(workerId));
    await recordAttempt(ctx, terminalKey(terminalId));
    throw unauthorized(terminalMessages.pinWrong);
  }
  await clearAttempts(ctx, pairKey(terminalId, workerId));
  await clearAttempts(ctx, workerKey(workerId));
  return user;
}

/** The worker of a badge code; wrong codes slow the terminal and block its badge reader after LOGIN_MAX_FAILURES. */
async function checkBadge(ctx: ServiceContext, terminalId: number, badge: string): Promise<SignInAccount> {
  const terminalFails = await attemptsOf(ctx, terminalKey(terminalId));
  await takeAttempt(ctx, badgeKey(terminalId), ctx.limits.loginFailures);
  const delay = pinDelayMs(0, terminalFails, ctx.limits.loginDelayMaxMs);
  if (delay) await sleep(delay);
  const user = await findBadgeUser(ctx.db, hashBadge(badge));
  if (!user) {
    await recordAttempt(ctx, terminalKey(terminalId));
    throw unauthorized(terminalMessages.badgeUnknown);
  }
  await clearAttempts(ctx, badgeKey(terminalId));
  return { ...user, pin_hash: null };
}

/**
 * A worker signs in at the terminal: a session token at the terminal's nave and arco carrying its id,
 * short-lived (docs/decisions/036-station-terminal.md), independent of the worker's phone session.
 */
export async function signIn(
  ctx: ServiceContext,
  terminal: TerminalCaller,
  body: { worker_id?: string; pin?: string; badge?: string },
): Promise<TerminalSignInResponse> {
  const user = body.badge
    ? await checkBadge(ctx, terminal.id, body.badge)
    : await checkPin(ctx, terminal.id, body.worker_id ?? '', body.pin ?? '');
  const token = ctx.tokens.sign({
    id: user.id,
    name: user.name,
    worker_id: user.worker_id,
    role: 'user',
    nave: terminal.nave,
    arco_sumergido_id: terminal.arco_sumergido_id,
    arco_sumergido_name: terminal.arco_sumergido_name,
    terminal_id: terminal.id,
    token_version: user.token_version,
  });
  const claims = ctx.tokens.verify(token);
  await Promise.all([noteWorkerAtArco(ctx, terminal.arco_sumergido_id, user.id), touchTerminal(ctx, terminal)]);
  return {
    token,
    expires_at: new Date((claims?.exp ?? 0) * 1000).toISOString(),
    user: { id: user.id, name: user.name, worker_id: user.worker_id },
  };
}

export async function listTerminals(ctx: ServiceContext, nave?: string): Promise<AdminTerminal[]> {
  const now = Date.now();
  return (await repo.listTerminals(ctx.db, nave)).map((row) => adminView(row, now));
}

async function adminTerminal(ctx: ServiceContext, id: number): Promise<AdminTerminal> {
  const row = await repo.findAdminTerminal(ctx.db, id);
  if (!row) throw notFound(terminalMessages.terminalNotFound);
  return adminView(row);
}

export async function renameTerminal(ctx: ServiceContext, admin: AuthUser, id: number, name: string): Promise<AdminTerminal> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findAdminTerminal(trx, id);
    if (!before) throw notFound(terminalMessages.terminalNotFound);
    await repo.rename(trx, id, name);
    await recordAudit(trx, {
      actor: admin,
      entity: 'terminal',
      entityId: id,
      action: 'update',
      before: { name: before.name },
      after: { name },
    });
  });
  return adminTerminal(ctx, id);
}

/**
 * Revokes a terminal: its credential and its workers' sessions stop working at once (the auth plugin
 * reads the terminal on every request), and its open event streams end on every instance.
 */
export async function revokeTerminal(ctx: ServiceContext, admin: AuthUser, id: number): Promise<AdminTerminal> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findAdminTerminal(trx, id);
    if (!before) throw notFound(terminalMessages.terminalNotFound);
    const result = await repo.revoke(trx, id, nowIso());
    if (Number(result.numUpdatedRows) === 0) throw conflict(terminalMessages.alreadyRevoked);
    await recordAudit(trx, { actor: admin, entity: 'terminal', entityId: id, action: 'revoke', before: { name: before.name } });
  });
  await ctx.events.endTerminal(id);
  return adminTerminal(ctx, id);
}

/** Every arco's live terminals with their connection state: the plant board's. */
export async function plantaTerminals(ctx: ServiceContext, now = Date.now()): Promise<Map<number, PlantaTerminal[]>> {
  const byArco = new Map<number, PlantaTerminal[]>();
  for (const row of await repo.liveTerminals(ctx.db)) {
    const list = byArco.get(row.arco_sumergido_id) ?? [];
    list.push({ id: row.id, name: row.name, online: isOnline(row.last_seen_at, now), last_seen_at: row.last_seen_at });
    byArco.set(row.arco_sumergido_id, list);
  }
  return byArco;
}
