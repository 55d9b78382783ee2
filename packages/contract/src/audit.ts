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
  'andon_rules',
  'terminal',
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
  'pin',
  'pin_reset',
  'badge',
  'terminal_code',
  'enrol',
  'revoke',
  'machine_start',
  'machine_cover',
  'machine_end',
  'machine_remove',
  'andon_roles',
  'confirm',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** What an arco's machine signal does to its paradas (docs/decisions/031-machine-and-worker-stops.md): no account is its actor. */
export type MachineAuditAction = Extract<AuditAction, `machine_${string}`>;
export const isMachineAction = (action: AuditAction): action is MachineAuditAction => action.startsWith('machine_');
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
    andon_rules: 'Reglas de aviso',
    terminal: 'Terminal de puesto',
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
    pin: 'PIN propio guardado',
    pin_reset: 'Restablecimiento de PIN',
    badge: 'Cambio de tarjeta',
    terminal_code: 'Código de alta de terminal generado',
    enrol: 'Alta de terminal',
    revoke: 'Baja de terminal',
    machine_start: 'Parada iniciada por la máquina',
    machine_cover: 'Parada añadida por la máquina (tiempo parado sin otra parada)',
    machine_end: 'Parada finalizada por la máquina',
    machine_remove: 'Parada anulada por la máquina (ya funcionaba antes de abrirse)',
    andon_roles: 'Cambio de avisos andon',
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
  machine: 'La máquina',
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
    pin: 'PIN',
    badge: 'Tarjeta',
    terminal_id: 'Terminal',
    planned: 'Planificada',
    start: 'Inicio',
    end: 'Fin',
    weekdays: 'Días de la semana',
    breaks: 'Descansos',
    effective_from: 'Aplicar desde',
    shift_id: 'Turno',
    reason: 'Motivo',
    supervisor: 'Supervisor de',
    maintenance: 'Mantenimiento de',
    supervisor_minutes: 'Minutos hasta avisar al supervisor',
    maintenance_minutes: 'Minutos hasta avisar a mantenimiento',
    naves: 'Naves',
    immediate_motivos: 'Motivos que avisan a mantenimiento al momento',
    note: 'Nota del relevo',
    summary: 'Resumen del turno',
    confirmed_by: 'Leído por',
    confirmed_at: 'Leído a las',
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
  /** Set when the action was made through a station terminal's session (docs/decisions/036-station-terminal.md). */
  terminal_id: z.number().nullable().optional(),
  /** The terminal's name when the row was written: the history reads 'desde el terminal «name»'. */
  terminal_name: z.string().nullable().optional(),
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
