import { z } from 'zod';
import { ANDON_LEVELS, ANDON_MINUTES_MAX, ANDON_ORIGINS, andonMessages } from './andon-messages';
import { idSchema, savedResponse } from './common';
import { clientTimeSchema } from './offline';

/**
 * The andon (docs/decisions/043-andon.md): a long unplanned parada, a motivo or a worker's cord calls
 * the supervisors or the maintenance people of the arco's nave; they answer 'Voy' and 'En el arco', and
 * the parada's end resolves the call.
 */

// The texts and limits, zod-free (the terminal's home imports them from andon-messages directly).
export * from './andon-messages';

const minutes = z
  .number({ error: andonMessages.minutesInvalid })
  .int(andonMessages.minutesInvalid)
  .min(1, andonMessages.minutesInvalid)
  .max(ANDON_MINUTES_MAX, andonMessages.minutesInvalid);
const naveName = z.string({ error: andonMessages.naveUnknown }).trim().min(1, andonMessages.naveUnknown);
const naveList = z
  .array(naveName, { error: andonMessages.naveUnknown })
  .max(100, andonMessages.naveUnknown)
  .refine((list) => new Set(list).size === list.length, { error: andonMessages.naveRepeated });

// ---- Capabilities: GET/PUT /api/admin/users/:id/andon-roles (admin, audited) ----

/** The naves (by name) where a user is called as supervisor and as maintenance; empty lists remove them. */
export const andonRolesBody = z.object({ supervisor: naveList, maintenance: naveList });
export type AndonRolesBody = z.input<typeof andonRolesBody>;
export const andonRoles = z.object({ user_id: z.number(), supervisor: z.array(z.string()), maintenance: z.array(z.string()) });
export type AndonRoles = z.infer<typeof andonRoles>;
export const andonRolesSaved = savedResponse({ roles: andonRoles });
export type AndonRolesSaved = z.infer<typeof andonRolesSaved>;

// ---- Rules: GET/PUT /api/admin/andon/rules (admin, audited) ----

/** A nave's own minutes; null follows the plant default. */
export const andonNaveRule = z.object({
  nave: naveName,
  supervisor_minutes: minutes.nullable(),
  maintenance_minutes: minutes.nullable(),
});
/**
 * The whole rule set. PUT replaces it: naves left out follow the plant; `immediate_motivos` are the
 * motivo ids whose paradas call maintenance at once. GET lists every nave (nulls where it follows the plant).
 */
export const andonRulesBody = z.object({
  supervisor_minutes: minutes,
  maintenance_minutes: minutes,
  naves: z
    .array(andonNaveRule)
    .max(100)
    .refine((list) => new Set(list.map((n) => n.nave)).size === list.length, { error: andonMessages.naveRepeated }),
  immediate_motivos: z.array(idSchema, { error: andonMessages.motivoUnknown }).max(200),
});
export type AndonRulesBody = z.input<typeof andonRulesBody>;
export const andonRules = z.object({
  supervisor_minutes: z.number(),
  maintenance_minutes: z.number(),
  naves: z.array(z.object({ nave: z.string(), supervisor_minutes: z.number().nullable(), maintenance_minutes: z.number().nullable() })),
  immediate_motivos: z.array(z.number()),
});
export type AndonRules = z.infer<typeof andonRules>;
export const andonRulesSaved = savedResponse({ rules: andonRules });
export type AndonRulesSaved = z.infer<typeof andonRulesSaved>;

// ---- Calls ----

/** POST /api/andon/calls: the cord, pulled by a worker signed in at an arco (the arco comes from the token). */
/**
 * The cord. `client_time`: the moment it was tapped, when a station terminal carried the tap out only
 * after the sign-in it required (docs/decisions/058-calls-reach-whoever-may-answer.md); bounded like
 * every client-stamped time (decision 016). Absent: now.
 */
export const createAndonCallBody = z.object({
  level: z.enum(ANDON_LEVELS, { error: andonMessages.levelInvalid }),
  client_time: clientTimeSchema,
});
export type CreateAndonCallBody = z.input<typeof createAndonCallBody>;

export const andonCall = z.object({
  id: z.number(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string(),
  nave: z.string(),
  level: z.enum(ANDON_LEVELS),
  origin: z.enum(ANDON_ORIGINS),
  /** The parada it was made for (its end resolves the call); null for a cord pulled with no parada running. */
  parada_id: z.number().nullable(),
  parada_start_time: z.string().nullable(),
  motivo_id: z.number().nullable(),
  motivo_name: z.string().nullable(),
  created_at: z.string(),
  /** Who pulled the cord; null for a call made by a rule or a motivo. */
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  /** 'Voy'. */
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.number().nullable(),
  acknowledged_by_name: z.string().nullable(),
  /** 'En el arco'. */
  arrived_at: z.string().nullable(),
  arrived_by: z.number().nullable(),
  arrived_by_name: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type AndonCall = z.infer<typeof andonCall>;

/**
 * GET /api/andon/calls: the open calls for the naves where I am supervisor or maintenance (admins: all),
 * oldest first, and those naves (empty lists: the user is called for nothing, the alert bar need not listen).
 */
export const andonCallsResponse = z.object({
  calls: z.array(andonCall),
  supervisor: z.array(z.string()),
  maintenance: z.array(z.string()),
});
export type AndonCallsResponse = z.infer<typeof andonCallsResponse>;
/** GET /api/andon/calls/arco: the open calls of the arco in the caller's token (the cord's state at the station). */
export const andonArcoCallsResponse = z.array(andonCall);
/** POST /api/andon/calls (201), …/:id/ack, …/:id/arrive, …/:id/resolve (200). */
export const andonCallSaved = savedResponse({ call: andonCall });
export type AndonCallSaved = z.infer<typeof andonCallSaved>;

/** The plant board's view of an arco's open calls (`andon` on each arco of GET /api/admin/planta). */
export const plantaAndon = z.object({
  level: z.enum(ANDON_LEVELS),
  /** The oldest open call's time: how long the arco has been waiting. */
  since: z.string(),
  /** Who answered 'Voy' or 'En el arco', per open call. */
  coming: z.array(z.object({ call_id: z.number(), level: z.enum(ANDON_LEVELS), name: z.string(), arrived: z.boolean() })),
});
export type PlantaAndon = z.infer<typeof plantaAndon>;

// ---- Events (GET /api/events) ----

/**
 * `andon.called` (a new call) and `andon.changed` (Voy, En el arco, resolved) carry the call whole.
 * Audience: the users called (the supervisors or maintenance people of the arco's nave), everyone
 * signed in at the arco, and administrators.
 */
export const andonCalledEvent = z.object({ call: andonCall });
export const andonChangedEvent = z.object({ call: andonCall });
export type AndonCalledEvent = z.infer<typeof andonCalledEvent>;
export type AndonChangedEvent = z.infer<typeof andonChangedEvent>;
/** The capabilities of the user who receives it, as they are now (decision 058). */
export const andonRolesChangedEvent = z.object({ roles: andonRoles });
export type AndonRolesChangedEvent = z.infer<typeof andonRolesChangedEvent>;

// ---- Web Push ----

/** GET /api/push/public-key: the VAPID public key (base64url) for `pushManager.subscribe`. */
export const pushPublicKey = z.object({ public_key: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKey>;
/** POST /api/push/subscriptions: `PushSubscription.toJSON()` of this device. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: andonMessages.endpointInvalid })
    .max(2000, andonMessages.endpointInvalid)
    .url(andonMessages.endpointInvalid)
    .refine((u) => u.startsWith('https://'), { error: andonMessages.endpointInvalid }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: andonMessages.subscriptionInvalid }).min(1, andonMessages.subscriptionInvalid).max(200),
      auth: z.string({ error: andonMessages.subscriptionInvalid }).min(1, andonMessages.subscriptionInvalid).max(100),
    },
    { error: andonMessages.subscriptionInvalid },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;
/** DELETE /api/push/subscriptions: forget this device. */
export const pushUnsubscribeBody = z.object({ endpoint: z.string({ error: andonMessages.endpointInvalid }).min(1).max(2000) });
export type PushUnsubscribeBody = z.input<typeof pushUnsubscribeBody>;

/** The JSON a push message carries (the service worker shows `title` and `body`, opens `url`). */
export const andonPushPayload = z.object({
  type: z.literal('andon.called'),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  call: andonCall,
});
export type AndonPushPayload = z.infer<typeof andonPushPayload>;
/** The push message's title and body: 'Aviso: Arco 3 (Nave 1)', 'Mantenimiento · Avería eléctrica'. */
export const andonPushTitle = (call: Pick<AndonCall, 'arco_sumergido_name' | 'nave'>) =>
  `Aviso: ${call.arco_sumergido_name} (${call.nave})`;
export const andonPushBody = (call: Pick<AndonCall, 'level' | 'motivo_name'>) =>
  [andonMessages.levelName[call.level], call.motivo_name].filter(Boolean).join(' · ');

// ---- Figures (downtime analysis, CSV) ----

/** Seconds: the median and the 90th percentile (nearest rank) of a set of waits; null without data. */
export const andonSpread = z.object({ median_seconds: z.number().nullable(), p90_seconds: z.number().nullable(), count: z.number() });
/**
 * One row of the analysis: per arco (motivo fields null) or per motivo (arco fields null), over the
 * month's ended paradas of the nave that had a call. To acknowledge: first call → first 'Voy'; to
 * arrive: first call → first 'En el arco'; repair: first 'En el arco' → the parada's end.
 */
export const andonFigure = z.object({
  arco_id: z.number().nullable(),
  arco_name: z.string().nullable(),
  motivo_id: z.number().nullable(),
  motivo_name: z.string().nullable(),
  paradas: z.number(),
  acknowledge: andonSpread,
  arrive: andonSpread,
  repair: andonSpread,
});
export type AndonFigure = z.infer<typeof andonFigure>;
export const andonFigures = z.object({ arcos: z.array(andonFigure), motivos: z.array(andonFigure) });
export type AndonFigures = z.infer<typeof andonFigures>;

/** The stops CSV's extra columns with `columns=andon` (times in the factory zone, waits in whole minutes). */
export const PARADAS_CSV_ANDON_COLUMNS = [
  'Primer aviso',
  'Nivel',
  'Voy',
  'En el arco',
  'Minutos hasta Voy',
  'Minutos hasta llegar',
  'Minutos de reparación',
] as const;
