import { createHash, createPublicKey, randomBytes, randomInt, timingSafeEqual, verify as verifySignature } from 'node:crypto';
import { arcoMessages } from '@portal/contract/arcos';
import {
  type AdminTerminal,
  type EnrolResponse,
  type PlantaTerminal,
  TERMINAL_CODE_DIGITS,
  TERMINAL_CODE_MINUTES,
  TERMINAL_HOME_POSTS,
  TERMINAL_HOME_TRAMOS,
  TERMINAL_NONCE_SECONDS,
  TERMINAL_ONLINE_MINUTES,
  TERMINAL_PIN_BUDGET,
  TERMINAL_PIN_BUDGET_MINUTES,
  TERMINAL_RECENT_DAYS,
  TERMINAL_RECENT_MAX,
  type TerminalCodeResponse,
  type TerminalHome,
  type TerminalMe,
  type TerminalSignInResponse,
  terminalMessages,
  terminalSignedText,
} from '@portal/contract/terminal';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { nowIso } from '../../lib/time';
import type { TerminalCaller } from '../../plugins/auth';
import { pushInBackground } from '../andon/service';
import { findArco } from '../arcos/service';
import { clearAttempts, takeAttempt } from '../attempts/service';
import { recordAudit } from '../audit/service';
import { arcoMachine } from '../machines/service';
import { activeAtArcoId, arcoParadasToday } from '../paradas/service';
import { latestOfArco } from '../tramos/service';
import { adminIds, findBadgeUser, findPinUser, hashBadge } from '../users/service';
import { arcoWall } from '../wall/service';
import * as repo from './repository';

// The station terminal (docs/decisions/036-station-terminal.md): enrolment codes, the device
// credential, PIN and badge sign-in, the home snapshot and the admin's list.

export { findLive as findLiveTerminal } from './repository';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** last_seen_at is written at most this often per terminal (a heartbeat a minute, a refetch on each event). */
const TOUCH_EVERY_MS = 30_000;
const ONLINE_MS = TERMINAL_ONLINE_MINUTES * 60_000;

const badgeKey = (terminalId: number) => `terminal-badge:${terminalId}`;

/** The 429 of a terminal whose PIN budget ran out: badges only until an admin resets it. */
const pinLocked = () => new AppError(429, terminalMessages.pinLocked);

/**
 * The PIN checks of each terminal on this instance, one after the other, per app. A tablet sends one
 * PIN at a time, so an honest one never waits here; a flood from one credential queues behind itself,
 * holds at most one of the four threads that run argon2id, and neither spins the database with
 * instant refusals nor delays another terminal's PIN (apps/api/test/terminal-pin-flood.test.ts).
 */
const queues = new WeakMap<ServiceContext, Map<number, Promise<void>>>();
async function oneAtATime<T>(ctx: ServiceContext, terminalId: number, step: () => Promise<T>): Promise<T> {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new Map();
    queues.set(ctx, queue);
  }
  const mine = (queue.get(terminalId) ?? Promise.resolve()).then(step);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  queue.set(terminalId, settled);
  try {
    return await mine;
  } finally {
    if (queue.get(terminalId) === settled) queue.delete(terminalId);
  }
}

/**
 * A chip's opaque reference to a worker: an HMAC of the terminal and the account under the server's
 * secret, so it names nobody off this terminal and only the server can make one.
 */
export const workerRef = (ctx: ServiceContext, terminalId: number, userId: number) =>
  ctx.tokens.mac('terminal-worker', `${terminalId}:${userId}`).slice(0, 22);

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
  pin_locked_at: row.pin_locked_at,
  device_bound: row.device_key !== null,
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
export async function enrol(
  ctx: ServiceContext,
  ip: string,
  body: { code: string; name?: string; device_key?: string },
): Promise<EnrolResponse> {
  const key = `terminal-enrol:${ip}`;
  await takeAttempt(ctx, key, ctx.limits.loginFailures);
  if (body.device_key !== undefined && !deviceKeyOf(body.device_key)) throw badRequest(terminalMessages.deviceKeyInvalid);
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
      device_key: body.device_key ?? null,
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
  const recent_workers = (await recentAt(ctx, terminal)).map((w) => ({ ref: workerRef(ctx, terminal.id, w.id), name: w.name }));
  const { id, name, arco_sumergido_id, arco_sumergido_name, nave } = terminal;
  return {
    terminal: { id, name, arco_sumergido_id, arco_sumergido_name, nave },
    device_bound: Boolean(terminal.device_key),
    recent_workers,
    idle_minutes: ctx.terminalIdleMinutes,
  };
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

/** The workers a terminal offers as chips (those signed in at its arco lately), with their accounts. */
async function recentAt(ctx: ServiceContext, terminal: TerminalCaller) {
  const since = new Date(Date.now() - TERMINAL_RECENT_DAYS * 86_400_000).toISOString();
  return repo.recentWorkers(ctx.db, terminal.arco_sumergido_id, since, TERMINAL_RECENT_MAX);
}

/** The account of a chip's reference at this terminal, if it is one of its chips. */
async function workerOfRef(ctx: ServiceContext, terminal: TerminalCaller, ref: string): Promise<SignInAccount | undefined> {
  const wanted = Buffer.from(ref);
  for (const w of await recentAt(ctx, terminal)) {
    const mine = Buffer.from(workerRef(ctx, terminal.id, w.id));
    if (mine.length === wanted.length && timingSafeEqual(mine, wanted)) return findPinUser(ctx.db, w.worker_id);
  }
  return undefined;
}

/**
 * The worker of a PIN, under the terminal's budget (docs/decisions/060-terminal-budget-and-binding.md):
 * each check reserves one wrong check of the terminal's TERMINAL_PIN_BUDGET an hour before the PIN is
 * looked at, in one atomic update, and a right PIN gives it back; so however many requests are in
 * flight, on however many instances, no more than the budget of wrong PINs is ever checked. The one
 * that goes past it locks the terminal's PIN sign-in and tells the admins. No worker is blocked or
 * slowed on their own, so nobody can be locked out by name.
 */
async function checkPin(
  ctx: ServiceContext,
  terminal: TerminalCaller,
  body: { worker_ref?: string; worker_id?: string; pin?: string },
): Promise<SignInAccount> {
  return oneAtATime(ctx, terminal.id, () => reserveAndCheckPin(ctx, terminal, body));
}

async function reserveAndCheckPin(
  ctx: ServiceContext,
  terminal: TerminalCaller,
  body: { worker_ref?: string; worker_id?: string; pin?: string },
): Promise<SignInAccount> {
  const now = Date.now();
  const reserved = await repo.reservePinCheck(
    ctx.db,
    terminal.id,
    new Date(now).toISOString(),
    new Date(now + TERMINAL_PIN_BUDGET_MINUTES * 60_000).toISOString(),
  );
  if (reserved === undefined) throw pinLocked();
  if (reserved > TERMINAL_PIN_BUDGET) {
    await lockTerminalPin(ctx, terminal);
    throw pinLocked();
  }
  const user = body.worker_ref ? await workerOfRef(ctx, terminal, body.worker_ref) : await findPinUser(ctx.db, body.worker_id ?? '');
  const ok = await verifyPassword(user?.pin_hash, body.pin ?? '');
  if (!user || !ok) throw unauthorized(terminalMessages.pinWrong);
  await repo.refundPinCheck(ctx.db, terminal.id);
  return user;
}

/** Locks a terminal's PIN sign-in once: an audit row, and a push to the admins who subscribed; the plant board shows the mark. */
async function lockTerminalPin(ctx: ServiceContext, terminal: TerminalCaller): Promise<void> {
  const locked = await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.lockPin(trx, terminal.id, nowIso());
    if (Number(result.numUpdatedRows) === 0) return false;
    await recordAudit(trx, {
      actor: null,
      entity: 'terminal',
      entityId: terminal.id,
      action: 'pin_locked',
      before: { pin_locked: false },
      after: { pin_locked: true },
    });
    return true;
  });
  if (!locked) return;
  ctx.log.warn({ terminal: terminal.id, budget: TERMINAL_PIN_BUDGET }, 'terminal PIN budget spent: PIN sign-in locked');
  pushInBackground(ctx, await adminIds(ctx.db), {
    title: terminalMessages.pinLockedTitle(terminal.name),
    body: terminalMessages.pinLockedBody(terminal.arco_sumergido_name, terminal.nave),
    url: '/admin/terminales',
    tag: `terminal-pin-${terminal.id}`,
  });
}

/** The worker of a badge code; wrong codes block this terminal's badge reader after LOGIN_MAX_FAILURES. */
async function checkBadge(ctx: ServiceContext, terminalId: number, badge: string): Promise<SignInAccount> {
  await takeAttempt(ctx, badgeKey(terminalId), ctx.limits.loginFailures);
  const user = await findBadgeUser(ctx.db, hashBadge(badge));
  if (!user) throw unauthorized(terminalMessages.badgeUnknown);
  await clearAttempts(ctx, badgeKey(terminalId));
  return { ...user, pin_hash: null };
}

// ---- The device key (docs/decisions/060-terminal-budget-and-binding.md) ----

/** The public key of a P-256 SPKI (base64url), or undefined for anything else. */
function deviceKeyOf(spki: string) {
  try {
    const key = createPublicKey({ key: Buffer.from(spki, 'base64url'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A nonce for one sign-in: its expiry, random bytes and an HMAC binding both to this terminal, so any
 * instance can check it without storing it; valid TERMINAL_NONCE_SECONDS.
 */
export function issueNonce(ctx: ServiceContext, terminal: TerminalCaller, now = Date.now()): { nonce: string } {
  const body = `${now + TERMINAL_NONCE_SECONDS * 1000}.${randomBytes(16).toString('base64url')}`;
  return { nonce: `${body}.${ctx.tokens.mac('terminal-nonce', `${terminal.id}.${body}`)}` };
}

function nonceValid(ctx: ServiceContext, terminal: TerminalCaller, nonce: string, now = Date.now()): boolean {
  const cut = nonce.lastIndexOf('.');
  if (cut < 0) return false;
  const body = nonce.slice(0, cut);
  const given = Buffer.from(nonce.slice(cut + 1));
  const expected = Buffer.from(ctx.tokens.mac('terminal-nonce', `${terminal.id}.${body}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(body.split('.')[0]) > now;
}

/**
 * A bound terminal's sign-in carries a fresh server nonce signed by the device key the tablet created
 * at enrolment (non-extractable, in its browser): the credential alone, copied elsewhere, signs nobody in.
 */
function assertDeviceSignature(ctx: ServiceContext, terminal: TerminalCaller, body: { nonce?: string; signature?: string }): void {
  if (!terminal.device_key) return;
  const key = deviceKeyOf(terminal.device_key);
  const signed =
    key !== undefined &&
    body.nonce !== undefined &&
    body.signature !== undefined &&
    nonceValid(ctx, terminal, body.nonce) &&
    verifySignature(
      'sha256',
      Buffer.from(terminalSignedText(body.nonce)),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(body.signature, 'base64url'),
    );
  if (!signed) throw unauthorized(terminalMessages.deviceSignatureRequired);
}

/** A tablet enrolled before device binding records its key on its next start, once (its first key holds). */
export async function bindDeviceKey(ctx: ServiceContext, terminal: TerminalCaller, deviceKey: string): Promise<void> {
  if (!deviceKeyOf(deviceKey)) throw badRequest(terminalMessages.deviceKeyInvalid);
  await ctx.db.transaction().execute(async (trx) => {
    const result = await repo.bindDeviceKey(trx, terminal.id, deviceKey);
    if (Number(result.numUpdatedRows) === 0) throw conflict(terminalMessages.deviceKeyTaken);
    await recordAudit(trx, { actor: null, entity: 'terminal', entityId: terminal.id, action: 'device_key', touched: ['device_key'] });
  });
}

/**
 * A worker signs in at the terminal: a session token at the terminal's nave and arco carrying its id,
 * short-lived (docs/decisions/036-station-terminal.md), independent of the worker's phone session.
 */
export async function signIn(
  ctx: ServiceContext,
  terminal: TerminalCaller,
  body: { worker_ref?: string; worker_id?: string; pin?: string; badge?: string; nonce?: string; signature?: string },
): Promise<TerminalSignInResponse> {
  assertDeviceSignature(ctx, terminal, body);
  const user = body.badge ? await checkBadge(ctx, terminal.id, body.badge) : await checkPin(ctx, terminal, body);
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

/** An admin opens a terminal's PIN sign-in again, its budget full. */
export async function unlockTerminalPin(ctx: ServiceContext, admin: AuthUser, id: number): Promise<AdminTerminal> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.findAdminTerminal(trx, id);
    if (!before) throw notFound(terminalMessages.terminalNotFound);
    await repo.resetPin(trx, id);
    await recordAudit(trx, {
      actor: admin,
      entity: 'terminal',
      entityId: id,
      action: 'pin_unlock',
      before: { pin_locked: before.pin_locked_at !== null },
      after: { pin_locked: false },
    });
  });
  return adminTerminal(ctx, id);
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
    list.push({
      id: row.id,
      name: row.name,
      online: isOnline(row.last_seen_at, now),
      last_seen_at: row.last_seen_at,
      pin_locked: row.pin_locked_at !== null,
    });
    byArco.set(row.arco_sumergido_id, list);
  }
  return byArco;
}
