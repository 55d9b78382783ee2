import { z } from 'zod';
// Sets zod's Spanish messages and its eval-free parsers before any of these schemas parses.
import './common';

export const arcoMessages = {
  nameRequired: 'El nombre del arco es obligatorio.',
  nameMax: 'El nombre del arco no puede exceder los 100 caracteres.',
  naveRequired: 'La nave es obligatoria.',
  naveUnknown: 'La nave indicada no existe.',
  duplicate: 'Ya existe un arco sumergido con ese nombre en esa nave.',
  notFound: 'Arco sumergido no encontrado.',
  inUse: 'No se puede eliminar el arco sumergido: tiene registros asociados.',
  moveInUse: 'No se puede mover el arco sumergido a otra nave: tiene registros asociados.',
  noneSelected: 'No hay arco sumergido seleccionado para actualizar.',
  // Texts the screens show for their own checks and failures.
  loadFallback: 'Fallo al cargar arcos sumergidos',
  addFallback: 'Fallo al añadir arco sumergido.',
  updateFallback: 'Fallo al actualizar arco sumergido.',
  deleteFallback: 'Fallo al eliminar arco sumergido.',
  added: 'Arco sumergido añadido con éxito!',
  updated: 'Arco sumergido actualizado con éxito!',
  deleted: 'Arco sumergido eliminado con éxito!',
  empty: 'No hay arcos sumergidos registrados.',
  loading: 'Cargando arcos sumergidos...',
} as const;

export const arcoBody = z.object({
  name: z.string({ error: arcoMessages.nameRequired }).trim().min(1, arcoMessages.nameRequired).max(100, arcoMessages.nameMax),
  nave: z.string({ error: arcoMessages.naveRequired }).trim().min(1, arcoMessages.naveRequired),
});
export type ArcoBody = z.input<typeof arcoBody>;

export const arcosQuery = z.object({ nave: z.string().trim().optional() });

export const arcoOption = z.object({ id: z.number(), name: z.string() });
export const arco = z.object({ id: z.number(), name: z.string(), nave: z.string() });
export type ArcoOption = z.infer<typeof arcoOption>;
export type Arco = z.infer<typeof arco>;
/** POST and PUT /api/admin/arcos-sumergidos: the stored arco and its notice. */
export const arcoSaved = arco.extend({ message: z.string() });
export type ArcoSaved = z.infer<typeof arcoSaved>;

/** Texts of the admin arcos screen that the product description leaves open. */
export const arcoScreenTexts = {
  title: 'Arcos Sumergidos',
  addForm: 'Añadir arco sumergido',
  addTitle: 'Añadir Arco Sumergido',
  name: 'Nombre del arco',
  nave: 'Nave',
  chooseNave: '-- Seleccionar Nave --',
  add: 'Añadir',
  adding: 'Añadiendo...',
  editTitle: 'Editar Arco Sumergido',
  confirmDelete: '¿Estás seguro de que quieres eliminar este arco sumergido?',
  network: 'Ocurrió un error de red.',
} as const;
