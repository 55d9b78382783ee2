import { z } from 'zod';
// Sets zod's Spanish messages and its eval-free parsers before any of these schemas parses.
import './common';

export const naveMessages = {
  nameRequired: 'El nombre de la nave es obligatorio.',
  nameMax: 'El nombre de la nave no puede exceder los 50 caracteres.',
  duplicate: 'Ya existe una nave con ese nombre.',
  notFound: 'Nave no encontrada.',
  inUse: 'No se puede eliminar la nave: tiene arcos sumergidos o registros asociados.',
  created: 'Nave añadida con éxito!',
  updated: 'Nave actualizada con éxito!',
  deleted: 'Nave eliminada con éxito!',
  loadFallback: 'Fallo al cargar naves',
  addFallback: 'Fallo al añadir nave.',
  updateFallback: 'Fallo al actualizar nave.',
  deleteFallback: 'Fallo al eliminar nave.',
  empty: 'No hay naves registradas.',
} as const;

export const naveBody = z.object({
  name: z.string({ error: naveMessages.nameRequired }).trim().min(1, naveMessages.nameRequired).max(50, naveMessages.nameMax),
});
export type NaveBody = z.input<typeof naveBody>;

export const nave = z.object({ id: z.number(), name: z.string() });
export const naveWithCount = nave.extend({ arcos_count: z.number() });
export type Nave = z.infer<typeof nave>;
export type NaveWithCount = z.infer<typeof naveWithCount>;

/** Texts of the admin naves screen that the product description leaves open. */
export const naveScreenTexts = {
  title: 'Naves',
  addForm: 'Añadir nave',
  addTitle: 'Añadir Nave',
  name: 'Nombre de la nave',
  add: 'Añadir',
  adding: 'Añadiendo...',
  editTitle: 'Editar Nave',
  edit: 'Editar',
  remove: 'Eliminar',
  loading: 'Cargando naves...',
  confirmDelete: '¿Estás seguro de que quieres eliminar esta nave?',
  network: 'Ocurrió un error de red.',
} as const;

/** A nave's badge in the admin list: how many arcos it holds. */
export const arcosCountText = (n: number) => (n === 1 ? '1 arco sumergido' : `${n} arcos sumergidos`);
