import { z } from 'zod';
import { authorFields, dateSchema, idSchema, savedResponse } from './common';
import { optionalMotivo } from './motivos';
import { clientTimeSchema } from './offline';
import { DESCRIPTION_MAX, PARADA_MAX_MINUTES, paradaMessages } from './paradas-messages';
import { addDays, zonedInstant } from './time';

// The texts and limits, zod-free (the terminal's home imports them from paradas-messages directly).
export * from './paradas-messages';

/** Optional free text; blank means no description (stored as null). */
export const descriptionSchema = z
  .string({ error: paradaMessages.descriptionMax })
  .max(DESCRIPTION_MAX, paradaMessages.descriptionMax)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

/** A station id that may be absent, empty or null (the server prefers the token's station). */
const optionalArco = z
  .union([idSchema, z.literal(''), z.null()])
  .optional()
  .transform((v) => (typeof v === 'number' ? v : null));

/** Required instant: a missing or blank time gives the "required" text; a malformed one its own text. */
const requiredInstant = z
  .string({ error: paradaMessages.timesRequired })
  .trim()
  .min(1, paradaMessages.timesRequired)
  .pipe(z.iso.datetime({ offset: true, error: paradaMessages.invalidTime }));

const timesObject = z.object({
  start_time: requiredInstant,
  end_time: requiredInstant,
  description: descriptionSchema,
  arco_sumergido_id: optionalArco,
  motivo_id: optionalMotivo,
});

const startBeforeEnd = (v: { start_time: string; end_time: string }) => Date.parse(v.start_time) < Date.parse(v.end_time);

/** POST /api/paradas-kaiser/manual and PUT /api/paradas-kaiser/:id. */
const withinADay = (v: { start_time: string; end_time: string }) =>
  Date.parse(v.end_time) - Date.parse(v.start_time) <= PARADA_MAX_MINUTES * 60_000;

export const paradaTimesBody = timesObject
  .refine(startBeforeEnd, { error: paradaMessages.startBeforeEnd, path: ['end_time'] })
  .refine(withinADay, { error: paradaMessages.tooLong, path: ['end_time'] });
export type ParadaTimesBody = z.input<typeof paradaTimesBody>;

/** POST /api/paradas-kaiser/manual: the times, and optionally when the worker saved the form (offline). */
export const manualParadaBody = timesObject
  .extend({ client_time: clientTimeSchema })
  .refine(startBeforeEnd, { error: paradaMessages.startBeforeEnd, path: ['end_time'] })
  .refine(withinADay, { error: paradaMessages.tooLong, path: ['end_time'] });
export type ManualParadaBody = z.input<typeof manualParadaBody>;

/** POST /api/paradas-kaiser/start: the station comes from the token. */
export const startParadaBody = z.object({
  description: descriptionSchema,
  arco_sumergido_id: optionalArco,
  motivo_id: optionalMotivo,
  client_time: clientTimeSchema,
});
export type StartParadaBody = z.input<typeof startParadaBody>;

/** PUT /api/paradas-kaiser/end/:id; a missing description keeps the stored one. */
export const endParadaBody = z.object({
  description: z.string({ error: paradaMessages.descriptionMax }).max(DESCRIPTION_MAX, paradaMessages.descriptionMax).optional(),
  motivo_id: optionalMotivo,
  client_time: clientTimeSchema,
});
export type EndParadaBody = z.input<typeof endParadaBody>;

/** How far back 'Paradas sin motivo' reaches, and how many it lists at most. */
export const SIN_MOTIVO_DAYS = 7;
export const SIN_MOTIVO_LIMIT = 50;

/** PUT /api/paradas-kaiser/:id/motivo: the motivo an ended parada without one gets. */
export const addMotivoBody = z.object({
  motivo_id: z.number({ error: paradaMessages.motivoRequired }).int(paradaMessages.motivoRequired).positive(paradaMessages.motivoRequired),
});
export type AddMotivoBody = z.input<typeof addMotivoBody>;

export const paradasQuery = z
  .object({ startDate: dateSchema.optional(), endDate: dateSchema.optional(), motivo_id: idSchema.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { error: paradaMessages.rangeOrder });
export type ParadasQuery = z.input<typeof paradasQuery>;

export const parada = z.object({
  id: z.number(),
  ...authorFields(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string().nullable(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  duration_minutes: z.number().nullable(),
  description: z.string().nullable(),
  /** Who ended it (the owner or anyone at its arco); null while active and on older stops. */
  ended_by: z.number().nullable().optional(),
  ended_by_name: z.string().nullable().optional(),
  motivo_id: z.number().nullable().optional(),
  motivo_name: z.string().nullable().optional(),
  /** Who opened it: a worker, or the arco's machine signal ('Máquina'). */
  source: z.enum(['worker', 'machine']).optional(),
  /** 1: a machine stop shorter than the micro-stop threshold, counted apart in the statistics. */
  micro_stop: z.number().optional(),
});
export type Parada = z.infer<typeof parada>;

export const startParadaResponse = savedResponse({ stopId: z.number(), start_time: z.string() });
export type StartParadaResponse = z.infer<typeof startParadaResponse>;
export const endParadaResponse = savedResponse({ duration: z.number() });
export type EndParadaResponse = z.infer<typeof endParadaResponse>;
export const paradaSavedResponse = savedResponse({ parada });
export type ParadaSavedResponse = z.infer<typeof paradaSavedResponse>;

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The edit and manual forms: times typed as HH:mm in the factory zone. The client turns them into
 * instants (zonedInstant) and the server re-checks every rule on the instants.
 */
export const paradaTimesForm = z
  .object({
    start: z.string().trim(),
    end: z.string().trim(),
    description: z.string().max(DESCRIPTION_MAX, paradaMessages.descriptionMax),
    arco_sumergido_id: z.string().optional(),
    /** Factory-local date of the start (YYYY-MM-DD); absent means today. */
    date: z.string().optional(),
    motivo_id: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.start || !v.end) {
      ctx.addIssue({ code: 'custom', message: paradaMessages.timesRequired, path: [v.start ? 'end' : 'start'] });
      return;
    }
    if (!hhmm.test(v.start) || !hhmm.test(v.end)) {
      ctx.addIssue({ code: 'custom', message: paradaMessages.invalidTime, path: [hhmm.test(v.start) ? 'end' : 'start'] });
    }
  });
export type ParadaTimesForm = z.input<typeof paradaTimesForm>;

/** The end stop form: only the description rule (the active stop is checked by the screen). */
export const endParadaForm = z.object({
  description: z.string().max(DESCRIPTION_MAX, paradaMessages.descriptionMax),
  motivo_id: z.string().optional(),
});

/** Longest wall-clock span a form reads as crossing midnight (an end earlier than the start). */
export const NEXT_DAY_MAX_HOURS = 12;

const wallMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The instants of a stop typed as a factory-local date and two 'HH:mm' times. An end earlier than the
 * start falls on the next day, as on a night shift, when that makes a stop of at most
 * NEXT_DAY_MAX_HOURS: a longer one is far more often two times typed the wrong way round, and the
 * forms then answer that the start must come first (docs/decisions/017-downtime-records.md).
 */
export function shiftInstants(date: string, start: string, end: string, tz: string) {
  const span = wallMinutes(end) - wallMinutes(start);
  const nextDay = span < 0 && span + 24 * 60 <= NEXT_DAY_MAX_HOURS * 60;
  return {
    start_time: zonedInstant(date, start, tz),
    end_time: zonedInstant(nextDay ? addDays(date, 1) : date, end, tz),
    nextDay,
  };
}

/** The admin's list of paradas (admin screens only: kept out of the worker screens' zod-free texts). */
export const paradaAdminTexts = {
  /** The paged list's texts: its caption (the screen's title too), states and the items' names. */
  list: {
    caption: 'Paradas Kaiser',
    loading: paradaMessages.loading,
    fallback: paradaMessages.adminLoadFallback,
    network: paradaMessages.adminLoadNetwork,
    empty: paradaMessages.adminEmpty,
    one: 'parada Kaiser',
    many: 'paradas Kaiser',
  },
  /** A row's name for screen readers and the bulk confirmation; `date` dd/mm/yyyy, `time` HH:mm. */
  rowLabel: (name: string, date: string, time: string) => `parada de ${name} del ${date} a las ${time}`,
  duration: (minutes: number) => `${minutes} min`,
} as const;
