import { z } from 'zod';
import { dateSchema, savedResponse } from './common';
import { HANDOVER_NOTE_MAX, handoverMessages } from './handovers-messages';

// The texts and limits, zod-free (the worker's home shows the incoming handover with them alone).
export * from './handovers-messages';

export const handoverBody = z.object({
  note: z
    .string({ error: handoverMessages.noteRequired })
    .trim()
    .min(1, handoverMessages.noteRequired)
    .max(HANDOVER_NOTE_MAX, handoverMessages.noteMax),
});
export type HandoverBody = z.infer<typeof handoverBody>;

export const handoverOpenParada = z.object({
  id: z.number(),
  start_time: z.string(),
  user_name: z.string(),
  motivo_name: z.string().nullable(),
  description: z.string().nullable(),
});

/** Filled in by the server when the note is written or edited: the arco's figures over the shift so far. */
export const handoverSummary = z.object({
  open_paradas: z.array(handoverOpenParada),
  stops: z.number(),
  stopped_minutes: z.number(),
  micro_stops: z.number(),
  planned_minutes: z.number(),
});
export type HandoverSummary = z.infer<typeof handoverSummary>;

export const handover = z.object({
  id: z.number(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string(),
  nave: z.string(),
  /** The factory date the shift began on, its name and its bounds. */
  shift_date: z.string(),
  shift_name: z.string(),
  shift_start: z.string(),
  shift_end: z.string(),
  note: z.string(),
  summary: handoverSummary,
  author_id: z.number().nullable(),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  confirmed_by: z.number().nullable(),
  confirmed_by_name: z.string().nullable(),
  confirmed_at: z.string().nullable(),
});
export type Handover = z.infer<typeof handover>;

/** GET /api/handovers/arco: the caller's arco's shift now, its handover (to write or edit) and the one to read. */
export const arcoHandovers = z.object({
  shift: z.object({ date: z.string(), name: z.string(), start: z.string(), end: z.string() }),
  current: handover.nullable(),
  /**
   * The note to read: the arco's latest not yet confirmed, written by someone else for a shift that has
   * ended by the calendar. A note is for the shift after its own, never for its writer's colleagues.
   */
  pending: handover.nullable(),
  /** The figures a note written now would carry (the form shows them before saving); null once this shift's note is confirmed. */
  draft: handoverSummary.nullable(),
});
export type ArcoHandovers = z.infer<typeof arcoHandovers>;

export const handoverSaved = savedResponse({ handover });
export type HandoverSaved = z.infer<typeof handoverSaved>;

/** `handover.changed`: a note of the arco written, edited or confirmed (everyone signed in at the arco). */
export const handoverChangedEvent = z.object({ id: z.number(), arco_sumergido_id: z.number() });
export type HandoverChangedEvent = z.infer<typeof handoverChangedEvent>;

export const adminHandoversQuery = z.object({ nave: z.string().trim().min(1, 'Elige una nave.').max(100), date: dateSchema });
