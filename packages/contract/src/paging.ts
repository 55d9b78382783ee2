import { z } from 'zod';
import { dateSchema, idSchema, messages, ROLES } from './common';
import { userMessages } from './users';

/**
 * Server-side paging, filtering and sorting of the admin lists. Every list answers one page of rows
 * with the total that matches its filters; each list's query is `pageQuery(sorts)` extended with its
 * own optional filters, so one more filter is one more optional field.
 */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** Deep offsets read every skipped row: 400 pages of 25 is far past what an admin pages through. */
export const PAGE_MAX = 10_000;
export const SEARCH_TEXT_MAX = 100;

export const pagingMessages = {
  page: `La página debe ser un número entero entre 1 y ${PAGE_MAX}.`,
  pageSize: 'El tamaño de página debe ser 25, 50 o 100.',
  sort: 'La columna de orden no es válida.',
  dir: 'El sentido del orden debe ser asc o desc.',
  active: 'El filtro de paradas activas debe ser true o false.',
  text: `El texto de búsqueda no puede exceder los ${SEARCH_TEXT_MAX} caracteres.`,
  rangeOrder: 'La fecha de inicio no puede ser posterior a la fecha de fin.',
  // Texts the admin screens show.
  filters: 'Filtros',
  apply: 'Aplicar filtros',
  clear: 'Limpiar filtros',
  // Apart from the CSV export's 'Desde', 'Hasta', 'Nave' and 'Arco sumergido' on the same screens.
  from: 'Fecha de inicio',
  to: 'Fecha de fin',
  nave: 'Filtrar por nave',
  arco: 'Filtrar por arco',
  search: 'Buscar texto',
  role: 'Filtrar por rol',
  worker: 'Filtrar por trabajador',
  motivo: 'Filtrar por motivo',
  anyOption: 'Todos',
  edit: 'Editar',
  pagination: 'Paginación',
  remove: 'Eliminar',
  activeOnly: 'Solo activas',
  pageSizeLabel: 'Filas por página',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${Math.max(pages, 1)}`,
  total: (n: number) => (n === 1 ? '1 resultado' : `${n.toLocaleString('es-ES')} resultados`),
  selectAll: 'Seleccionar todos los de esta página',
  select: (label: string) => `Seleccionar ${label}`,
  selected: (n: number) => (n === 1 ? '1 seleccionado' : `${n} seleccionados`),
  deleteSelected: (n: number) => `Eliminar seleccionados (${n})`,
  confirmBulk: (n: number, one: string, many: string) =>
    n === 1 ? `¿Estás seguro de que quieres eliminar 1 ${one}?` : `¿Estás seguro de que quieres eliminar ${n} ${many}?`,
  bulkDone: (n: number) => (n === 1 ? 'Se eliminó 1 elemento.' : `Se eliminaron ${n} elementos.`),
  bulkPartial: (done: number, total: number) => `Se eliminaron ${done} de ${total} elementos; el resto falló.`,
  actions: 'Acciones',
} as const;

/** An optional whole number in the query string, inside [min, max], with its own Spanish text. */
const intParam = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .regex(/^\d{1,6}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const pageSizeParam = z
  .string({ error: pagingMessages.pageSize })
  .regex(/^(25|50|100)$/, { error: pagingMessages.pageSize })
  .transform((v) => Number(v) as PageSize);

/** Trimmed free text; blank means no filter. */
export const searchText = z
  .string({ error: pagingMessages.text })
  .trim()
  .max(SEARCH_TEXT_MAX, pagingMessages.text)
  .optional()
  .transform((v) => (v ? v : undefined));

/** An optional date, blank meaning none (a cleared date field). */
const optionalDate = z
  .union([z.literal(''), dateSchema])
  .optional()
  .transform((v) => (v ? v : undefined));
/** An optional id, blank meaning none (a select left at "Todos"). */
const optionalId = z
  .union([z.literal(''), idSchema], { error: messages.invalidId })
  .optional()
  .transform((v) => (typeof v === 'number' ? v : undefined));

/** page (from 1), pageSize (25, 50, 100), sort (one of `sorts`, the first by default) and dir. */
export function pageQuery<const S extends readonly [string, ...string[]]>(sorts: S, defaultDir: 'asc' | 'desc' = 'desc') {
  return z.object({
    page: intParam(pagingMessages.page, 1, PAGE_MAX).optional().default(1),
    pageSize: pageSizeParam.optional().default(DEFAULT_PAGE_SIZE),
    sort: z
      .enum(sorts, { error: pagingMessages.sort })
      .optional()
      .default(sorts[0] as S[number]),
    dir: z.enum(['asc', 'desc'], { error: pagingMessages.dir }).optional().default(defaultDir),
  });
}

/** Both dates inclusive, the first not after the second. */
const rangeOrdered = (q: object) => {
  const { from, to } = q as { from?: string; to?: string };
  return !from || !to || from <= to;
};

/**
 * The query of an admin list over factory dates: paging and sorting (pageQuery), `from` and `to` (both
 * inclusive, in order) and the list's own filters.
 */
function datedListQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sorts: S, filters: F) {
  return pageQuery(sorts)
    .extend({ from: optionalDate, to: optionalDate, ...filters })
    .refine(rangeOrdered, { error: pagingMessages.rangeOrder, path: ['to'] });
}

/** A wall list's filters: the station, the author and a text. */
const wallFilters = { arco_sumergido_id: optionalId, user_id: optionalId, q: searchText };

export const PARADA_SORTS = ['date', 'duration'] as const;
/** Kaiser stops: factory dates, nave, station, worker, motivo, running only. */
export const adminParadasQuery = datedListQuery(PARADA_SORTS, {
  nave_id: optionalId,
  arco_sumergido_id: optionalId,
  user_id: optionalId,
  motivo_id: optionalId,
  active: z
    .enum(['true', 'false', ''], { error: pagingMessages.active })
    .optional()
    .transform((v) => v === 'true'),
});
export type AdminParadasQuery = z.input<typeof adminParadasQuery>;

export const TRAMO_SORTS = ['circular_fecha', 'created', 'id_tramo'] as const;
/** Circulares, newest by their date first: circular dates, nave, station, worker, text in the three ids. */
export const adminTramosQuery = datedListQuery(TRAMO_SORTS, {
  nave_id: optionalId,
  arco_sumergido_id: optionalId,
  user_id: optionalId,
  q: searchText,
});
export type AdminTramosQuery = z.input<typeof adminTramosQuery>;

export const POST_SORTS = ['created', 'likes', 'comments'] as const;
/** Wall posts: station, author, text, factory dates of creation. */
export const adminPostsQuery = datedListQuery(POST_SORTS, wallFilters);
export type AdminPostsQuery = z.input<typeof adminPostsQuery>;

export const COMMENT_SORTS = ['created'] as const;
/** Comments: the station of their post, author, text, factory dates of creation. */
export const adminCommentsQuery = datedListQuery(COMMENT_SORTS, wallFilters);
export type AdminCommentsQuery = z.input<typeof adminCommentsQuery>;

export const USER_SORTS = ['name', 'worker_id', 'created'] as const;
/** Users: name or worker ID (one text), role; by name A to Z by default, as the unpaged list. */
export const adminUsersQuery = pageQuery(USER_SORTS, 'asc').extend({
  q: searchText,
  role: z
    .union([z.literal(''), z.enum(ROLES)], { error: userMessages.invalidRole })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

/** One page of a list and the number of rows its filters match. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
