import { z } from 'zod';
import { idSchema, savedResponse } from './common';
import { MOTIVO_NAME_MAX, motivoMessages } from './motivos-messages';

// The texts and limits, zod-free (the terminal's home imports them from motivos-messages directly).
export * from './motivos-messages';

/** The motivos a new database starts with: the usual causes of a stop at a submerged-arc station. */
export const MOTIVOS_SEED = [
  'Cambio de bobina de hilo',
  'Fundente',
  'Avería mecánica',
  'Avería eléctrica',
  'Falta de material',
  'Ajuste de calidad',
  'Limpieza',
  'Otro',
] as const;

/**
 * The planned motivos a database starts with (docs/decisions/039-planned-motivos.md): their stops are
 * planned time, left out of availability and shown apart.
 */
export const PLANNED_MOTIVOS_SEED = ['Mantenimiento preventivo', 'Descanso', 'Cambio de turno'] as const;

const motivoName = z
  .string({ error: motivoMessages.nameRequired })
  .trim()
  .min(1, motivoMessages.nameRequired)
  .max(MOTIVO_NAME_MAX, motivoMessages.nameMax);

/** POST /api/admin/motivos. */
export const createMotivoBody = z.object({ name: motivoName, planned: z.boolean().optional() });
export type CreateMotivoBody = z.input<typeof createMotivoBody>;
/** PUT /api/admin/motivos/:id: rename, retire (active false) or reactivate, mark planned or unplanned. */
export const updateMotivoBody = z.object({ name: motivoName.optional(), active: z.boolean().optional(), planned: z.boolean().optional() });
export type UpdateMotivoBody = z.input<typeof updateMotivoBody>;

/** `planned`: a planned stop (maintenance, a break, the change of shift), not lost availability. */
export const motivo = z.object({ id: z.number(), name: z.string(), active: z.boolean(), planned: z.boolean() });
export type Motivo = z.infer<typeof motivo>;
export const motivoSavedResponse = savedResponse({ motivo });
export type MotivoSavedResponse = z.infer<typeof motivoSavedResponse>;

/**
 * A motivo on a stop: absent keeps what is stored (every flow of before works without one), null or
 * '' clears it, an id sets it.
 */
export const optionalMotivo = z
  .union([idSchema, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === undefined ? undefined : typeof v === 'number' ? v : null));

/** The motivo form field of a screen: '' for none. */
export const motivoFormField = z.string().optional();

/** The admin's 'Motivos de parada' screen's own texts (kept out of the worker screens' zod-free motivoMessages). */
export const motivoAdminTexts = { edit: 'Editar' } as const;
