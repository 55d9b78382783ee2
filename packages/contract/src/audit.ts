import { z } from 'zod';
import { dateSchema, idSchema } from './common';

export const AUDIT_ENTITIES = [
  'parada',
  'tramo',
  'user',
  'arco',
  'nave',
  'motivo',
  'planned_hours',
  'post',
  'comment',
  'shift',
  'shift_closure',
  'handover',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'role',
  'password',
  'password_change',
  'unlock',
  'binding',
  'key_create',
  'key_revoke',
  'confirm',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_PAGE_SIZE = 50;

export const auditMessages = {
  title: 'Historial de cambios',
  /** The name of the audit table's scroll region. */
  table: 'Tabla del historial de cambios',
  recordTitle: 'Historial de este registro',
  entity: 'Tipo de registro',
  allEntities: 'Todos los registros',
  entities: {
    parada: 'Parada Kaiser',
    tramo: 'Circular',
    user: 'Usuario',
    arco: 'Arco sumergido',
    nave: 'Nave',
    motivo: 'Motivo de parada',
    planned_hours: 'Horas planificadas',
    post: 'Publicación del muro',
    comment: 'Comentario del muro',
    shift: 'Turno',
    shift_closure: 'Día no trabajado',
    handover: 'Relevo de turno',
  } satisfies Record<AuditEntity, string>,
  action: 'Acción',
  allActions: 'Todas las acciones',
  actions: {
    create: 'Creación',
    update: 'Modificación',
    delete: 'Eliminación',
    role: 'Cambio de rol',
    password: 'Restablecimiento de contraseña',
    password_change: 'Cambio de contraseña propia',
    unlock: 'Desbloqueo de inicio de sesión',
    binding: 'Cambio de señal MQTT',
    key_create: 'Clave de dispositivo creada',
    key_revoke: 'Clave de dispositivo revocada',
    confirm: 'Confirmación de lectura',
  } satisfies Record<AuditAction, string>,
  when: 'Fecha y hora',
  who: 'Quién',
  record: 'Registro',
  changes: 'Cambios',
  field: 'Campo',
  before: 'Antes',
  after: 'Después',
  from: 'Desde',
  to: 'Hasta',
  recordId: 'ID del registro',
  empty: 'No hay cambios registrados para los filtros seleccionados.',
  loading: 'Cargando historial...',
  loadFailed: 'Ocurrió un error al cargar el historial de cambios.',
  previous: 'Anterior',
  next: 'Siguiente',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  total: (n: number) => (n === 1 ? '1 cambio' : `${n} cambios`),
  system: 'Sistema',
  /** The actor of a row written by an arco's machine signal. */
  machine: 'la máquina',
  nothing: '—',
  yes: 'Sí',
  no: 'No',
  /** A changed field's Spanish name; a field not listed shows as recorded. */
  fields: {
    user_id: 'Usuario',
    arco_sumergido_id: 'Arco sumergido',
    nave_id: 'Nave',
    nave: 'Nave',
    date: 'Fecha',
    start_time: 'Inicio',
    end_time: 'Fin',
    duration_minutes: 'Duración',
    description: 'Descripción',
    descripcion: 'Descripción',
    motivo_id: 'Motivo',
    ended_by: 'Finalizada por',
    id_tramo: 'ID de tramo',
    id_proyecto: 'ID de proyecto',
    id_circular: 'ID de circular',
    circular_fecha: 'Fecha de la circular',
    imagen: 'Foto',
    name: 'Nombre',
    active: 'Activo',
    worker_id: 'Número de trabajador',
    role: 'Rol',
    password: 'Contraseña',
    login_attempts: 'Intentos de inicio de sesión',
    topic: 'Señal MQTT',
    device_key: 'Clave de dispositivo',
    hours: 'Horas planificadas',
    content: 'Texto',
    image_path: 'Foto',
    wall_name: 'Muro',
    planned: 'Planificada',
    start: 'Inicio',
    end: 'Fin',
    weekdays: 'Días de la semana',
    breaks: 'Descansos',
    effective_from: 'Aplicar desde',
    shift_id: 'Turno',
    reason: 'Motivo',
  } as Record<string, string>,
  rangeOrder: 'La fecha de inicio no puede ser posterior a la fecha de fin.',
} as const;

/** GET /api/admin/audit: newest first, filtered, one page at a time. */
export const auditQuery = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entity_id: idSchema.optional(),
    actor_id: idSchema.optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** Inclusive factory-local dates. */
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
    page: idSchema.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, { error: auditMessages.rangeOrder });
export type AuditQuery = z.input<typeof auditQuery>;

/** One changed field: its value before and after (null when absent); passwords never appear. */
export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), auditChange),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The names of the accounts the page's changes name by id (user_id, ended_by), by id. */
  users: z.record(z.string(), z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;
