import { z } from 'zod';
import { dateSchema, idSchema } from './common';

export const AUDIT_ENTITIES = ['parada', 'tramo', 'user', 'arco', 'nave', 'motivo', 'planned_hours', 'post', 'comment'] as const;
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
  } satisfies Record<AuditEntity, string>,
  action: 'Acción',
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
  nothing: '—',
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

export const auditPage = z.object({ items: z.array(auditEntry), total: z.number(), page: z.number(), pageSize: z.number() });
export type AuditPage = z.infer<typeof auditPage>;
