import { z } from 'zod';
import { savedResponse } from './common';
import { parada } from './paradas';
import { BADGE_MAX, TERMINAL_CODE_DIGITS, TERMINAL_NAME_MAX, terminalMessages } from './terminal-messages';
import { tramo } from './tramos';
import { wallPost } from './wall';

/**
 * The station terminal: one shared tablet bolted at an arco (docs/decisions/036-station-terminal.md).
 * The device holds a credential for that arco only, sent as the `X-Terminal-Key` header on the
 * /api/terminal routes; a worker signs in on it with a PIN or a badge and gets a short session token
 * that works on every worker route, like a phone's.
 */

// The texts and limits, zod-free (the terminal's home imports them from terminal-messages directly).
export * from './terminal-messages';

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);

/** An enrolment code as typed: spaces and dashes between digit groups are ignored. */
export const terminalCodeSchema = z
  .string({ error: terminalMessages.codeFormat })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(digits(TERMINAL_CODE_DIGITS), terminalMessages.codeFormat));

export const terminalNameSchema = z
  .string({ error: terminalMessages.nameRequired })
  .trim()
  .min(1, terminalMessages.nameRequired)
  .max(TERMINAL_NAME_MAX, terminalMessages.nameMax);

export const pinSchema = z.string({ error: terminalMessages.pinFormat }).regex(/^\d{4,6}$/, terminalMessages.pinFormat);

export const badgeCodeSchema = z
  .string({ error: terminalMessages.badgeFormat })
  .trim()
  .min(1, terminalMessages.badgeFormat)
  .max(BADGE_MAX, terminalMessages.badgeFormat);

/** POST /api/admin/arcos-sumergidos/:id/terminal-codes (admin) → 201. */
export const terminalCodeResponse = savedResponse({ code: z.string(), expires_at: z.string() });
export type TerminalCodeResponse = z.infer<typeof terminalCodeResponse>;

/**
 * The public half of the device key a tablet creates at enrolment (ECDSA P-256, SPKI DER in base64url;
 * docs/decisions/060-terminal-budget-and-binding.md). Its private half never leaves the tablet's browser.
 */
export const deviceKeySchema = z
  .string({ error: terminalMessages.deviceKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{80,200}$/, terminalMessages.deviceKeyInvalid);

/** POST /api/terminal/enrol (public, attempt-limited per address). */
export const enrolBody = z.object({
  code: terminalCodeSchema,
  name: terminalNameSchema.optional(),
  device_key: deviceKeySchema.optional(),
});
export type EnrolBody = z.input<typeof enrolBody>;

/** The terminal as the device sees itself. */
export const terminalInfo = z.object({
  id: z.number(),
  name: z.string(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string(),
  nave: z.string(),
});
export type TerminalInfo = z.infer<typeof terminalInfo>;

/** 201: the credential is shown once; the device keeps it (localStorage) and sends it as X-Terminal-Key. */
export const enrolResponse = savedResponse({ credential: z.string(), terminal: terminalInfo });
export type EnrolResponse = z.infer<typeof enrolResponse>;

/**
 * A worker the terminal offers as a chip: the name and an opaque reference, valid only at this terminal,
 * that signs in with the PIN (`worker_ref`); never the worker ID, which is also a login name.
 */
export const recentWorker = z.object({ ref: z.string(), name: z.string() });
export type RecentWorker = z.infer<typeof recentWorker>;

/** The worker a terminal sign-in opened a session for. */
export const terminalUser = z.object({ id: z.number(), name: z.string(), worker_id: z.string() });
export type TerminalUser = z.infer<typeof terminalUser>;

/** GET /api/terminal (terminal credential): who the device is, whom to offer, and the idle time-out. */
export const terminalMe = z.object({
  terminal: terminalInfo,
  /** Whether the device key is on record; false for a tablet enrolled before device binding (it binds on start). */
  device_bound: z.boolean(),
  /** Workers with a PIN who signed in at this arco (phone or terminal) lately, most recent first. */
  recent_workers: z.array(recentWorker),
  /** TERMINAL_IDLE_MINUTES: with no touch for this long the device signs everyone out. */
  idle_minutes: z.number(),
});
export type TerminalMe = z.infer<typeof terminalMe>;

/** The arco's machine signal on the terminal's home (present only for a bound arco). */
export const terminalMachine = z.object({
  state: z.enum(['running', 'stopped']).nullable(),
  last_report_at: z.string().nullable(),
  /** No report for MACHINE_SILENCE_SECONDS: 'Sin señal'. */
  silent: z.boolean(),
});

/** GET /api/terminal/home (terminal credential): what the home shows with no worker signed in. */
export const terminalHome = z.object({
  /** The stop running at the arco (whoever started it: `user_name`; `source` 'machine' for the signal), or null. */
  active_parada: parada.nullable(),
  machine: terminalMachine.nullable(),
  /** Today's paradas of the arco (factory date), newest first. */
  today_paradas: z.array(parada),
  /** The arco's latest circulares, newest first (at most TERMINAL_HOME_TRAMOS). */
  circulares: z.array(tramo),
  /** The arco's wall, newest first (at most TERMINAL_HOME_POSTS); `is_liked_by_current_user` is false. */
  wall: z.array(wallPost),
});
export type TerminalHome = z.infer<typeof terminalHome>;

/** GET /api/terminal/nonce (terminal credential): what the device key signs for one sign-in. */
export const terminalNonce = z.object({ nonce: z.string() });
export type TerminalNonce = z.infer<typeof terminalNonce>;

/**
 * POST /api/terminal/sign-in (terminal credential): `{ worker_ref, pin }` (a chip), `{ worker_id, pin }`
 * (typed) or `{ badge }`; with `nonce` and `signature` (the device key's, base64url IEEE P1363) from a
 * bound terminal.
 */
export const terminalSignInBody = z
  .object({
    worker_ref: z.string().trim().max(64).optional(),
    worker_id: z.string().trim().max(50).optional(),
    pin: z.string().optional(),
    badge: z.string().trim().max(BADGE_MAX, terminalMessages.badgeUnknown).optional(),
    nonce: z.string().max(200).optional(),
    signature: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.badge) return;
    const who = v.worker_ref || v.worker_id;
    if (!who || v.pin === undefined || v.pin === '') {
      ctx.addIssue({ code: 'custom', path: [who ? 'pin' : 'worker_id'], message: terminalMessages.signInRequired });
    } else if (!/^\d{4,6}$/.test(v.pin)) {
      ctx.addIssue({ code: 'custom', path: ['pin'], message: terminalMessages.pinFormat });
    }
  });
export type TerminalSignInBody = z.input<typeof terminalSignInBody>;

/** 200: a session token of the worker at the terminal's nave and arco (Authorization: Bearer on every worker route). */
export const terminalSignInResponse = z.object({
  token: z.string(),
  /** When the token stops working (TERMINAL_IDLE_MINUTES × TERMINAL_TOKEN_IDLE_PERIODS after sign-in). */
  expires_at: z.string(),
  user: terminalUser,
});
export type TerminalSignInResponse = z.infer<typeof terminalSignInResponse>;

/** PUT /api/users/me/pin (user, not from a terminal session) → 204. */
export const setPinBody = z.object({
  current_password: z.string({ error: 'La contraseña actual es obligatoria.' }).min(1, 'La contraseña actual es obligatoria.'),
  pin: pinSchema,
});
export type SetPinBody = z.input<typeof setPinBody>;

/** GET /api/users/me/pin (user): whether the caller has a PIN (profile: 'Crear PIN' or 'Cambiar PIN'). */
export const pinStatus = z.object({ has_pin: z.boolean() });
export type PinStatus = z.infer<typeof pinStatus>;

/** PUT /api/admin/users/:id/badge (admin) → 204; null removes it. Unique: 409 badgeTaken. */
export const badgeBody = z.object({ badge_code: badgeCodeSchema.nullable() });
export type BadgeBody = z.input<typeof badgeBody>;

/** GET /api/admin/terminals?nave= (admin). */
export const adminTerminalsQuery = z.object({
  nave: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});

export const adminTerminal = terminalInfo.extend({
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  /** A heartbeat within TERMINAL_ONLINE_MINUTES (never for a revoked one). */
  online: z.boolean(),
  revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  /** When its PIN budget ran out (badges only until an admin resets it); null: PIN sign-in open. */
  pin_locked_at: z.string().nullable(),
  /** Whether the device key is on record (false: enrolled before device binding, not started since). */
  device_bound: z.boolean(),
});
export type AdminTerminal = z.infer<typeof adminTerminal>;

/** PATCH /api/admin/terminals/:id (admin). */
export const renameTerminalBody = z.object({ name: terminalNameSchema });
export type RenameTerminalBody = z.input<typeof renameTerminalBody>;
export const adminTerminalSaved = savedResponse({ terminal: adminTerminal });
export type AdminTerminalSaved = z.infer<typeof adminTerminalSaved>;

/** On the plant board: the arco's terminals not revoked (planta.ts holds the schema). */
export { type PlantaTerminal, plantaTerminal } from './planta';
