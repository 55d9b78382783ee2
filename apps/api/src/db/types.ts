import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { TelemetryTables } from './types-telemetry';
import type { WeldTables } from './types-welds';

/**
 * Table shapes. Instants are ISO 8601 UTC strings ('2026-11-21T18:56:12.123Z', sortable as text on
 * both engines); `date`/`circular_fecha` are factory-local calendar dates 'YYYY-MM-DD' computed when
 * the row is written, so grouping by day or month needs no time-zone arithmetic in SQL.
 */
export interface NavesTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ArcosSumergidosTable {
  id: Generated<number>;
  name: string;
  nave_id: number;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  worker_id: string;
  name: string;
  password_hash: string;
  role: 'user' | 'admin';
  nave_id: number | null;
  /** Bumped when the password changes: tokens carrying an older version stop working. */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The terminal PIN (argon2id), null until the worker sets one (docs/decisions/036-station-terminal.md). */
  pin_hash: Generated<string | null>;
  /** SHA-256 of the badge code an admin recorded (unique), or null. */
  badge_hash: Generated<string | null>;
}

export interface TramosTable {
  id: Generated<number>;
  id_tramo: string;
  id_proyecto: string;
  id_circular: string;
  circular_fecha: string;
  descripcion: string | null;
  imagen: string | null;
  imagen_thumb: string | null;
  nave_id: number;
  arco_sumergido_id: number;
  user_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ParadasKaiserTable {
  id: Generated<number>;
  user_id: number | null;
  arco_sumergido_id: number;
  /** Factory-local date of start_time. */
  date: string;
  start_time: string;
  end_time: string | null;
  duration_minutes: number | null;
  description: string | null;
  created_at: string;
  updated_at: string;
  /** Who ended the stop: its owner or anyone at its arco (null while active or for older rows). */
  ended_by: number | null;
  /** An active older row left beside an earlier active one at its arco (docs/decisions/017-downtime-records.md). */
  duplicate_of: number | null;
  /** Minutes not covered by an earlier stop at the arco; null means all of duration_minutes. */
  counted_minutes: number | null;
  motivo_id: number | null;
  /** When the server received the start (start_time is the tapped moment, decision 016); null before it. */
  start_received_at?: string | null;
  /** When the server received the end; null while active and for rows written before decision 016. */
  end_received_at?: string | null;
  /** Who opened it: a worker, or the arco's machine signal (migration 2026-11-24T04-machine-signals). */
  source: Generated<'worker' | 'machine'>;
  /** 1: a machine stop shorter than MACHINE_MICRO_STOP_SECONDS, counted apart in the statistics. */
  micro_stop: Generated<number>;
}

/** Minutes (counted once per arco) and stops per factory month, arco and motivo (0 = none); kept by triggers. */
export interface DowntimeMonthlyTable {
  month: string;
  arco_id: number;
  motivo_id: number;
  minutes: number;
  stops: number;
  /** Machine micro-stops (migration 2026-11-24T04-machine-signals), kept out of minutes and stops. */
  micro_minutes: number;
  micro_stops: number;
}

/** Planned working minutes per ISO weekday (1 Monday .. 7 Sunday). */
export interface DowntimePlannedMinutesTable {
  weekday: number;
  minutes: number;
}

/** A shift's identity; what it is over time lies in shift_versions (docs/decisions/040-shift-calendar.md). */
export interface ShiftsTable {
  id: Generated<number>;
  created_at: string;
}

/** What a shift is from `effective_from` (a factory date) until its next version. */
export interface ShiftVersionsTable {
  id: Generated<number>;
  shift_id: number;
  effective_from: string;
  name: string;
  /** null: every nave. */
  nave_id: number | null;
  /** ISO weekdays it starts on, as bits 1 << (weekday - 1). */
  weekdays: number;
  /** Factory wall clock 'HH:mm'; an end not after the start is on the next day. */
  start_time: string;
  end_time: string;
  /** JSON [{ start: 'HH:mm', end: 'HH:mm' }]. */
  breaks: string;
  /** 0: retired from effective_from on. */
  active: number;
  created_at: string;
}

/** A day (shift_id null) or one shift, by its start day, not worked. */
export interface ShiftClosuresTable {
  id: Generated<number>;
  date: string;
  shift_id: number | null;
  reason: string;
  created_at: string;
}

/** Who changed which record and how; `changes` is JSON { field: { before, after } }. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  entity: string;
  entity_id: number;
  action: string;
  changes: string;
  /** The station terminal the action was made through, and its name then (null: not through one). */
  terminal_id: Generated<number | null>;
  terminal_name: Generated<string | null>;
}

/** Stop reasons an admin keeps; active 1, retired 0. */
export interface MotivosTable {
  id: Generated<number>;
  name: string;
  active: number;
  /** 1 a planned stop reason (maintenance, break, change of shift): left out of availability. */
  planned: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An arco's machine signal: an MQTT topic and/or the SHA-256 of its HTTP device key. */
export interface MachineBindingsTable {
  arco_sumergido_id: number;
  topic: string | null;
  key_hash: string | null;
  key_created_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The last state applied per arco, the device time it took effect, and when the arco last reported. */
export interface MachineStatesTable {
  arco_sumergido_id: number;
  state: 'running' | 'stopped';
  state_at: string;
  last_report_at: string;
}

/** A shift's handover note at an arco (migration 2026-11-26T03-handovers); `summary` is JSON (contract handoverSummary). */
export interface HandoversTable {
  id: Generated<number>;
  arco_sumergido_id: number;
  shift_date: string;
  shift_name: string;
  shift_start: string;
  shift_end: string;
  note: string;
  summary: string;
  author_id: number | null;
  created_at: string;
  updated_at: string;
  confirmed_by: number | null;
  confirmed_at: string | null;
}

export interface WallPostsTable {
  id: Generated<number>;
  user_id: number | null;
  arco_sumergido_id: number | null;
  wall_name: string;
  content: string;
  image_path: string | null;
  image_thumb: string | null;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface WallLikesTable {
  post_id: number;
  user_id: number;
  created_at: string;
}

export interface WallCommentsTable {
  id: Generated<number>;
  post_id: number;
  user_id: number | null;
  content: string;
  image_path: string | null;
  image_thumb: string | null;
  created_at: string;
  updated_at: string;
}

/** A claimed Idempotency-Key and, once answered, its first answer (decision 016). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** Method, route and body of the first request: the same key with another request is refused. */
  fingerprint: string;
  /** Null while the first request is still being handled. */
  status_code: number | null;
  body: string | null;
  created_at: string;
}

export interface LoginAttemptsTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window closes. */
  reset_at: number;
}

/**
 * Rollups of migration 2026-11-21T05-dashboard-rollups: database triggers keep them exact on every
 * write to tramos and paradas_kaiser, so totals and monthly figures read a few rows. `month` is the
 * factory-local 'YYYY-MM'; the counts are bigint columns, read as numbers (db/index.ts).
 */
export interface DashboardTramosMonthlyTable {
  month: string;
  count: number;
}

export interface DashboardParadasMonthlyTable {
  month: string;
  count: number;
  /** Minutes of finished stops only. */
  total_duration: number;
}

export interface DashboardUserTotalsTable {
  user_id: number;
  tramo_count: number;
  kaiser_stop_count: number;
}

/** Row counts of users, wall_posts and wall_comments kept by triggers (migration 2026-11-24T03-admin-scale). */
export interface DashboardTotalsTable {
  name: 'users' | 'wall_posts' | 'wall_comments' | 'tramos' | 'paradas_kaiser';
  count: number;
}

/** The naves where a user is called as supervisor or maintenance (docs/decisions/043-andon.md). */
export interface AndonRolesTable {
  user_id: number;
  nave_id: number;
  role: 'supervisor' | 'maintenance';
  created_at: string;
}

/** Minutes after which an open unplanned parada calls each level; nave_id 0 is the plant default, null follows it. */
export interface AndonRulesTable {
  nave_id: number;
  supervisor_minutes: number | null;
  maintenance_minutes: number | null;
  updated_at: string;
}

/** Motivos whose paradas call maintenance at once. */
export interface AndonMotivosTable {
  motivo_id: number;
  created_at: string;
}

/** A call for help at an arco, its answers and its end. */
export interface AndonCallsTable {
  id: Generated<number>;
  arco_sumergido_id: number;
  parada_id: number | null;
  level: 'supervisor' | 'maintenance';
  origin: 'rule' | 'motivo' | 'manual';
  created_at: string;
  created_by: number | null;
  acknowledged_at: string | null;
  acknowledged_by: number | null;
  arrived_at: string | null;
  arrived_by: number | null;
  resolved_at: string | null;
}

/** A device's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A station terminal (docs/decisions/036-station-terminal.md). */
export interface TerminalsTable {
  id: Generated<number>;
  arco_sumergido_id: number;
  name: string;
  /** SHA-256 (hex) of the device credential. */
  credential_hash: string;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
  /** Wrong PIN checks reserved in the open hour (docs/decisions/060-terminal-budget-and-binding.md). */
  pin_failures: Generated<number>;
  /** When the open hour of pin_failures ends (ISO); null: none open. */
  pin_window_ends: string | null;
  /** When the PIN budget ran out: only badges until an admin resets it. */
  pin_locked_at: string | null;
  /** The device's P-256 public key (SPKI DER, base64url); null: enrolled before device binding. */
  device_key: string | null;
}

/** A one-time enrolment code of an arco's terminal. */
export interface TerminalCodesTable {
  id: Generated<number>;
  arco_sumergido_id: number;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Who signed in at an arco lately (phone or terminal): the terminal's list of names. */
export interface ArcoWorkersTable {
  arco_sumergido_id: number;
  user_id: number;
  last_at: string;
}

export interface Database extends WeldTables, TelemetryTables {
  naves: NavesTable;
  arcos_sumergidos: ArcosSumergidosTable;
  users: UsersTable;
  tramos: TramosTable;
  paradas_kaiser: ParadasKaiserTable;
  motivos: MotivosTable;
  shifts: ShiftsTable;
  shift_versions: ShiftVersionsTable;
  shift_closures: ShiftClosuresTable;
  audit_log: AuditLogTable;
  downtime_monthly: DowntimeMonthlyTable;
  downtime_planned_minutes: DowntimePlannedMinutesTable;
  machine_bindings: MachineBindingsTable;
  machine_states: MachineStatesTable;
  handovers: HandoversTable;
  wall_posts: WallPostsTable;
  wall_likes: WallLikesTable;
  wall_comments: WallCommentsTable;
  login_attempts: LoginAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  dashboard_tramos_monthly: DashboardTramosMonthlyTable;
  dashboard_paradas_monthly: DashboardParadasMonthlyTable;
  dashboard_user_totals: DashboardUserTotalsTable;
  dashboard_totals: DashboardTotalsTable;
  andon_roles: AndonRolesTable;
  andon_rules: AndonRulesTable;
  andon_motivos: AndonMotivosTable;
  andon_calls: AndonCallsTable;
  push_subscriptions: PushSubscriptionsTable;
  terminals: TerminalsTable;
  terminal_codes: TerminalCodesTable;
  arco_workers: ArcoWorkersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
