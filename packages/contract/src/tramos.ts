import { z } from 'zod';
import { authorFields, dateSchema, idSchema } from './common';
import { DESCRIPCION_MAX, LIST_MAX, TRAMO_ID_MAX, TRAMO_ID_MIN, tramoMessages } from './tramos-messages';

// The texts and limits, zod-free (the terminal's home imports them from tramos-messages directly).
export * from './tramos-messages';

export const searchResultsText = (n: number) => (n === 1 ? 'Se encontró 1 resultado.' : `Se encontraron ${n} resultados.`);
export const adminListFallback = (status: number) => `Fallo al cargar circulares: ${status}`;
export const adminUpdateError = (status: number, message: string) => `Error al actualizar circular: ${status} - ${message}`;

const idField = (min: string, max: string) => z.string({ error: min }).trim().min(TRAMO_ID_MIN, min).max(TRAMO_ID_MAX, max);

export const idTramoSchema = idField(tramoMessages.idTramoMin, tramoMessages.idTramoMax);
export const idProyectoSchema = idField(tramoMessages.idProyectoMin, tramoMessages.idProyectoMax);
export const idCircularSchema = idField(tramoMessages.idCircularMin, tramoMessages.idCircularMax);
export const descripcionSchema = z
  .string({ error: tramoMessages.descripcionMax })
  .trim()
  .max(DESCRIPCION_MAX, tramoMessages.descripcionMax);

/** The arco select sends '' until one is chosen; a form field arrives as text. */
export const tramoArcoSchema = z
  .union([idSchema, z.literal('')], { error: tramoMessages.arcoRequired })
  .refine((v) => v !== '', { error: tramoMessages.arcoRequired });

/** Required in the edit form: an empty value is refused before the format is checked. */
export const requiredFechaSchema = z
  .string({ error: tramoMessages.fechaRequired })
  .trim()
  .min(1, tramoMessages.fechaRequired)
  .pipe(dateSchema);

/** The admin edit modal: the three ids and the description. */
export const tramoAdminEditForm = z.object({
  id_tramo: idTramoSchema,
  id_proyecto: idProyectoSchema,
  id_circular: idCircularSchema,
  descripcion: descripcionSchema,
});
export type TramoAdminEditForm = z.input<typeof tramoAdminEditForm>;

/** The Añadir Circular form (the date is set by the server). */
export const tramoAddForm = tramoAdminEditForm.extend({ arco_sumergido_id: tramoArcoSchema });
export type TramoAddForm = z.input<typeof tramoAddForm>;

/** The Consultar Datos edit modal: every field of the user form, circular_fecha required. */
export const tramoEditForm = tramoAddForm.extend({ circular_fecha: requiredFechaSchema });
export type TramoEditForm = z.input<typeof tramoEditForm>;

/** Fields of POST /api/tramos (multipart): the Añadir Circular form plus an optional date. */
export const tramoCreateFields = tramoAddForm.extend({
  descripcion: descripcionSchema.optional(),
  /** Defaults to the factory's today when absent or empty. */
  circular_fecha: z.union([z.literal(''), dateSchema]).optional(),
});
export type TramoCreateFields = z.input<typeof tramoCreateFields>;

/**
 * Fields of PUT /api/tramos/:id (multipart). The admin area sends only the three ids and the
 * description, so a field that is not sent keeps its value; a field that is sent must be valid
 * (circular_fecha included: the user form sends it and it may not be empty).
 */
export const tramoUpdateFields = tramoEditForm.partial();
export type TramoUpdateFields = z.input<typeof tramoUpdateFields>;

const filter = z.string({ error: tramoMessages.filterMax }).trim().max(TRAMO_ID_MAX, tramoMessages.filterMax).optional();

/** GET /api/tramos/search and the Consultar Datos form: every filter optional, empty ones ignored. */
export const tramoSearchQuery = z.object({
  id_tramo: filter,
  id_proyecto: filter,
  id_circular: filter,
  circular_fecha: z.union([z.literal(''), dateSchema]).optional(),
});
export type TramoSearchQuery = z.input<typeof tramoSearchQuery>;

const intParam = (message: string, min: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((n) => n >= min, { error: message });

/** GET /api/tramos: limit (capped at 100), offset, latest=true for the newest first. */
export const tramoListQuery = z.object({
  limit: intParam(tramoMessages.limitInvalid, 1)
    .transform((n) => Math.min(n, LIST_MAX))
    .optional(),
  offset: intParam(tramoMessages.offsetInvalid, 0).optional(),
  latest: z.enum(['true', 'false'], { error: tramoMessages.latestInvalid }).optional(),
});
export type TramoListQuery = z.input<typeof tramoListQuery>;

export const tramo = z.object({
  id: z.number(),
  id_tramo: z.string(),
  id_proyecto: z.string(),
  id_circular: z.string(),
  circular_fecha: z.string(),
  descripcion: z.string().nullable(),
  /** Public path '/uploads/…' of the re-encoded image. */
  imagen: z.string().nullable(),
  imagen_thumb: z.string().nullable(),
  nave: z.string(),
  arco_sumergido_id: z.number(),
  arco_sumergido_name: z.string(),
  ...authorFields(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tramo = z.infer<typeof tramo>;

export const tramoListResponse = z.object({ tramos: z.array(tramo), total: z.number() });
export type TramoListResponse = z.infer<typeof tramoListResponse>;

export const tramoMessageResponse = z.object({ message: z.string(), tramo });
export type TramoMessageResponse = z.infer<typeof tramoMessageResponse>;

/** The texts of the circulares' screens (they load the schemas anyway: kept out of the terminal's zod-free texts). */
export const tramoScreenTexts = {
  // A circular's fields, in its forms (the terminal's too, which loads the schemas with them) and its cards.
  idTramoLabel: 'ID Tramo',
  idProyectoLabel: 'ID Proyecto',
  idCircularLabel: 'ID Circular',
  fechaLabel: 'Fecha de la Circular',
  descripcionLabel: 'Descripción',
  // A circular's details on its cards and the admin's table.
  dateLabel: 'Fecha',
  naveLabel: 'Nave',
  arcoLabel: 'Arco Sumergido',
  userLabel: 'Usuario',
  listLabel: 'Circulares',
  details: 'Ver detalles',
  edit: 'Editar',
  remove: 'Eliminar',
  /** A circular's buttons, named after its ID Tramo for screen readers. */
  editLabel: (idTramo: string) => `Editar tramo ${idTramo}`,
  removeLabel: (idTramo: string) => `Eliminar tramo ${idTramo}`,
  // The worker's screens: 'Consultar Datos', 'Añadir Circular', a circular's details, 'Todos los Tramos'.
  searchTitle: 'Consultar Datos',
  searchForm: 'Buscar circulares',
  search: 'Buscar',
  searching: 'Buscando...',
  latestTitle: 'Últimas circulares',
  resultsTitle: 'Resultados de la búsqueda',
  close: 'Cerrar',
  addTitle: 'Añadir Circular',
  adding: 'Añadiendo...',
  chooseNave: '-- Seleccionar Nave --',
  naveFirst: 'Elige primero la nave para ver sus arcos sumergidos.',
  detailTitle: 'Detalles del Tramo',
  back: 'Volver',
  allTitle: 'Todos los Tramos',
  editTitle: 'Editar Circular',
  loadingArcos: 'Cargando arcos sumergidos...',
  chooseArco: '-- Seleccionar Arco Sumergido --',
} as const;

/** The admin's list of circulares (admin screens only: kept out of the worker screens' zod-free texts). */
export const tramoAdminTexts = {
  title: 'Circulares',
  addNew: 'Añadir nueva circular',
  one: 'circular',
  many: 'circulares',
  worker: 'Trabajador',
  /** A row's name for screen readers and the bulk confirmation. */
  rowLabel: (idTramo: string) => `tramo ${idTramo}`,
} as const;
