import { z } from 'zod';
import { es } from 'zod/locales';

/** Spanish default messages for every rule that has no explicit text (wrong types, missing fields...). */
export function configureZod(): void {
  z.config(es());
  // zod probes `new Function('')` to decide whether to compile its object parsers; the portal's CSP
  // (no 'unsafe-eval') blocks the probe and the browser logs the violation, so a browser uses the plain
  // parsers. The API, where eval is allowed, keeps the compiled ones.
  if (typeof document !== 'undefined') z.config({ jitless: true });
}
configureZod();

export const NAVES_DEFAULT = ['Nave 1', 'Nave 2'] as const;
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const messages = {
  internal: 'Error interno del servidor.',
  databaseUnavailable: 'La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  storageUnavailable: 'El almacén de archivos no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  unauthenticated: 'No autenticado. Por favor, inicia sesión.',
  invalidToken: 'Token inválido o expirado. Por favor, inicia sesión de nuevo.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  adminOnly: 'Acceso denegado. No tienes permisos de administrador.',
  notFound: 'Recurso no encontrado.',
  routeNotFound: 'Ruta no encontrada.',
  invalidId: 'Identificador inválido.',
  malformedJson: 'El cuerpo de la petición no es JSON válido.',
  unsupportedMedia: 'Tipo de contenido no admitido.',
  bodyTooLarge: 'La petición es demasiado grande.',
  fileTooLarge: 'La imagen no puede superar los 10 MB.',
  notAnImage: 'El archivo debe ser una imagen JPEG, PNG o WebP.',
  tooManyAttempts: 'Demasiados intentos. Inténtalo de nuevo más tarde.',
  invalidInput: 'Datos de entrada inválidos.',
  malformedForm: 'El formulario enviado no es válido.',
  tooManyPixels: 'La imagen tiene demasiados píxeles.',
  nulCharacter: 'Los datos enviados contienen caracteres no permitidos.',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes.',
  urlTooLong: 'La dirección de la petición es demasiado larga.',
  malformedRequest: 'La petición HTTP no es válida.',
  requestTimeout: 'La petición tardó demasiado en llegar.',
  repeatedParameter: 'Cada parámetro de la consulta puede aparecer una sola vez.',
  numberOutOfRange: 'Un número enviado está fuera del rango admitido.',
  diskFull: 'El servidor se ha quedado sin espacio en disco y no se ha guardado nada. Inténtalo de nuevo más tarde.',
  serverBusy: 'El servidor está muy ocupado. Inténtalo de nuevo en unos segundos.',
} as const;

/** A positive integer id as it arrives in a path, a query or a form field ("12" or 12). */
export const idSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, { error: messages.invalidId }),
    ],
    {
      error: messages.invalidId,
    },
  )
  .transform(Number)
  .pipe(z.number({ error: messages.invalidId }).int(messages.invalidId).positive(messages.invalidId).max(2147483647, messages.invalidId));

export const idParams = z.object({ id: idSchema });

export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** HTTP statuses the API answers with an ErrorResponse (a Spanish `message`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429;

/**
 * The error part of a route's responses: each status answers `{ message }`. The API documents its
 * routes with it (`response: { 200: body, ...errorResponses(400, 401) }`) and the client reads the
 * same shape from any of them.
 */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<S, typeof errorResponse>;
}

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** A write's answer: what it saved (`fields`) and the Spanish `message` the screen shows. */
export const savedResponse = <const F extends z.ZodRawShape>(fields: F) => z.object({ ...fields, message: z.string() });
/** GET /api/config: the settings the web client needs (the factory's time zone). */
export const clientConfigResponse = z.object({ factoryTz: z.string() });
export type ClientConfigResponse = z.infer<typeof clientConfigResponse>;

/**
 * Who wrote a record, as every list shows it: the account's id (null once it is deleted) and its name
 * ('Usuario eliminado' then, or 'Máquina' for a machine's stop).
 */
export const authorFields = () => ({ user_id: z.number().nullable(), user_name: z.string() });
/** An uploaded image's public paths '/uploads/…': the re-encoded image and its thumbnail. */
export const imageFields = () => ({ image_path: z.string().nullable(), image_thumb: z.string().nullable() });

/** Calendar date as the factory sees it: YYYY-MM-DD. */
export const dateSchema = z
  .string({ error: 'La fecha es obligatoria.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato AAAA-MM-DD.' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    error: 'La fecha no es válida.',
  });

/** An instant as ISO 8601 with offset or Z. */
export const instantSchema = z.iso.datetime({ offset: true, error: 'La fecha y hora no son válidas.' });
